// The cabinet's order pages, which a client opens most (from a reminder, to pay): loaded apart from
// the profile, bonus and delivery pages, so paying an order does not wait for their forms.
export { PersonalPaidOrdersPage } from './paid-orders-page';
export { PersonalHomePage } from './personal-home-page';
export { PersonalUnpaidOrdersPage } from './unpaid-orders-page';
