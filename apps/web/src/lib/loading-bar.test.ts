import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const nprogress = vi.hoisted(() => ({ start: vi.fn(), complete: vi.fn() }));
vi.mock('@mantine/nprogress', () => ({ nprogress }));

const { LOADING_BAR_END_DELAY_MS, requestFinished, requestStarted } = await import('./loading-bar');

describe('loading bar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    nprogress.start.mockClear();
    nprogress.complete.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it('ends 200 ms after the last request completes', () => {
    expect(LOADING_BAR_END_DELAY_MS).toBe(200);
    requestStarted();
    requestStarted();
    expect(nprogress.start).toHaveBeenCalledTimes(1);
    requestFinished();
    vi.advanceTimersByTime(500);
    expect(nprogress.complete).not.toHaveBeenCalled();
    requestFinished();
    vi.advanceTimersByTime(199);
    expect(nprogress.complete).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(nprogress.complete).toHaveBeenCalledTimes(1);
  });

  it('keeps going when a new request starts within the delay', () => {
    requestStarted();
    requestFinished();
    vi.advanceTimersByTime(100);
    requestStarted();
    vi.advanceTimersByTime(300);
    expect(nprogress.complete).not.toHaveBeenCalled();
    requestFinished();
    vi.advanceTimersByTime(200);
    expect(nprogress.complete).toHaveBeenCalledTimes(1);
  });
});
