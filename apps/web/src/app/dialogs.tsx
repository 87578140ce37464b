import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const DialogsHost = lazy(() => import('./dialogs-host'));

// What `modals.open…`, `modals.close…` and `modals.update…` send: window events the host listens to.
const DIALOG_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/**
 * The host for dynamic dialogs and the confirmation dialog (section 2). Its code (dialogs, focus trap,
 * scroll lock, popovers) loads with the first dialog a page asks for, not with every page: until the
 * host listens, the requests are kept here and sent again once it does.
 */
export function Dialogs() {
  const [isWanted, setWanted] = useState(false);
  const early = useRef<CustomEvent[]>([]);
  const stopKeeping = useRef<() => void>(() => {});

  useEffect(() => {
    const keep = (event: Event) => {
      early.current.push(event as CustomEvent);
      setWanted(true);
    };
    for (const name of DIALOG_EVENTS) window.addEventListener(name, keep);
    const stop = () => {
      for (const name of DIALOG_EVENTS) window.removeEventListener(name, keep);
    };
    stopKeeping.current = stop;
    return stop;
  }, []);

  const sendKept = useCallback(() => {
    stopKeeping.current();
    const kept = early.current;
    early.current = [];
    for (const event of kept) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail as unknown }));
  }, []);

  return isWanted ? (
    <Suspense fallback={null}>
      <DialogsHost onReady={sendKept} />
    </Suspense>
  ) : null;
}
