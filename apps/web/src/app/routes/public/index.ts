// The main page and «not found», loaded with the first of them. The documents (documents.ts) and the
// pages of orders and payments (payments.ts) are chunks of their own, so the main page carries neither.
export { MainPage } from './main-page';
export { NotFoundPage } from '@/components/not-found-page';
