/** The parameter naming the payment: the provider sends the payer back to `/payment-result?payment=<id>`. */
export const PAYMENT_RESULT_PARAM = 'payment';
