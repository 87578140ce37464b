import { useLocation, useNavigate, useSearchParams } from 'react-router';

/** The address parameter that names the opened purchase: `/?purchase=<id>` can be shared and reopened. */
export const OPENED_PURCHASE_PARAM = 'purchase';

type OpenedState = { isPurchaseOpenedHere?: boolean } | null;

/**
 * Which purchase of the main page is open. Opening adds a history entry, so Back closes the window;
 * closing a window opened here goes back, and one opened from a shared link just drops the parameter.
 */
export function useOpenedPurchase() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get(OPENED_PURCHASE_PARAM);

  function open(purchaseId: string) {
    const next = new URLSearchParams(params);
    next.set(OPENED_PURCHASE_PARAM, purchaseId);
    void navigate({ search: `?${next}` }, { state: { isPurchaseOpenedHere: true } satisfies OpenedState, preventScrollReset: true });
  }

  function close() {
    if ((location.state as OpenedState)?.isPurchaseOpenedHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    next.delete(OPENED_PURCHASE_PARAM);
    setParams(next, { replace: true, preventScrollReset: true });
  }

  return { id, open, close };
}
