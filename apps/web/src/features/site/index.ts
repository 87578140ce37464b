// The site feature: the shop's public settings and the public content built on them.
export { publicSettingsQueryOptions, usePublicSettings } from './api/get-public-settings';
export { AcceptPolicyDocument } from './components/accept-policy-document';
export { ContactsDocument } from './components/contacts-document';
export { DeliveryAndPaymentDocument } from './components/delivery-and-payment-document';
export { PolicyDocument } from './components/policy-document';
export { PurchaseSteps } from './components/purchase-steps';
export { ReturnGoodsDocument } from './components/return-goods-document';
export { ShopBenefits } from './components/shop-benefits';
export { ShopIntro } from './components/shop-intro';
export { TelegramBotCard } from './components/telegram-bot-card';
export { TelegramBotHint } from './components/telegram-bot-hint';
export { TermsDocument } from './components/terms-document';
