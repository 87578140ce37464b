import { nprogress } from '@mantine/nprogress';

/** The bar finishes this long after the last request completes, so bursts of calls read as one. */
export const LOADING_BAR_END_DELAY_MS = 200;

let inFlight = 0;
let endTimer: ReturnType<typeof setTimeout> | undefined;

export function requestStarted(): void {
  inFlight += 1;
  if (endTimer) {
    clearTimeout(endTimer);
    endTimer = undefined;
  }
  if (inFlight === 1) nprogress.start();
}

export function requestFinished(): void {
  inFlight = Math.max(0, inFlight - 1);
  if (inFlight > 0) return;
  endTimer = setTimeout(() => {
    endTimer = undefined;
    nprogress.complete();
  }, LOADING_BAR_END_DELAY_MS);
}
