import { useSearchParams } from 'react-router';
import { ReceivingPurchases } from './receiving-purchases';
import { ReceivingSheet } from './receiving-sheet';

/** «Приёмка»: the purchases to receive, or the sheet of the chosen one (`?purchase=<id>`, so back returns to the list). */
export function ReceivingDesk() {
  const [params, setParams] = useSearchParams();
  const purchaseId = params.get('purchase');
  const open = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('purchase', id);
      else next.delete('purchase');
      return next;
    });
  return purchaseId ? (
    <ReceivingSheet key={purchaseId} purchaseId={purchaseId} onBack={() => open(null)} />
  ) : (
    <ReceivingPurchases onOpen={open} />
  );
}
