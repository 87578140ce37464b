// The public pages of orders and payments (an order by its link, the payment's result, the sandbox
// payment), loaded when one of them is opened, so the main page does not carry the payment forms.
export { OrderPage } from './order-page';
export { PaymentResultPage } from './payment-result-page';
export { SandboxPaymentPage } from './sandbox-payment-page';
