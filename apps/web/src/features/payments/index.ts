// The payments feature: paying orders online or by transfer with a receipt, the result and the test
// provider's pages, and the admin's payments, receipt check and export.
export { useCreatePayment } from './api/create-payment';
export { useMyPayments } from './api/get-my-payments';
export { usePaymentsByIds } from './api/get-payment';
export { usePayByLink } from './api/pay-by-link';
export { useRecordCashPayment } from './api/record-cash-payment';
export { OpenPaymentCard } from './components/open-payment-card';
export { type OrderPaymentState, paymentStateOfOrder, paymentStatesByOrder } from './components/order-payment-states';
export { MoneyAudit } from './components/money-audit';
export { PayForm } from './components/pay-form';
export { PaymentResult } from './components/payment-result';
export { PAYMENT_RESULT_PARAM } from './components/payment-result-address';
export { PaymentsExportForm } from './components/payments-export-form';
export { PaymentsRegistry } from './components/payments-registry';
export { ProviderDifferences } from './components/provider-differences';
export { ReceiptsQueue } from './components/receipts-queue';
export { RefundsDue } from './components/refunds-due';
export { SandboxPaymentBanner } from './components/sandbox-payment-banner';
export { SandboxPaymentView } from './components/sandbox-payment-view';
