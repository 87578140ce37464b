import type { Db } from '../../db/client.js';
import type { OrdersArea } from '../orders/index.js';
import type { PaymentAdminService } from './payment-admin.service.js';
import type { PaymentsService } from './payments.service.js';

/**
 * The payments area's part of the demo data (`src/seed/`), made through the same calls as a client
 * paying by transfer and the admin checking it; nothing in the running shop calls it.
 */
export function createPaymentsDemo({
  db,
  orders,
  payments,
  admin,
}: {
  db: Db;
  orders: OrdersArea;
  payments: PaymentsService;
  admin: PaymentAdminService;
}) {
  /**
   * A demo transfer paid as a real client pays it: from the cabinet when the order's phone has an
   * account (the payment is the account's, in its «Мои оплаты»), else by the order's link.
   */
  async function payByTransfer(orderId: string, receipt: Buffer): Promise<string> {
    const [order] = await db.transaction((tx) => orders.findForPayment(tx, [orderId]));
    const userId = order?.userId ?? null;
    const {
      payments: [payment],
      payerToken,
    } = await payments.pay({ orderIds: [orderId], method: 'transfer', userId, ...(order ? { payerPhone: order.phone } : {}) });
    await payments.uploadReceipt(payment!.id, { userId, isAdmin: false, payerToken: payerToken ?? undefined }, async () => receipt);
    return payment!.id;
  }

  return {
    /** A transfer with its receipt, waiting for the admin's check. */
    async transferAwaitingCheck(orderId: string, receipt: Buffer): Promise<void> {
      await payByTransfer(orderId, receipt);
    },
    /** A transfer the admin has already checked and confirmed. */
    async confirmedTransfer(orderId: string, receipt: Buffer): Promise<void> {
      await admin.confirm(await payByTransfer(orderId, receipt), null, 'Перевод пришёл на карту');
    },
  };
}
