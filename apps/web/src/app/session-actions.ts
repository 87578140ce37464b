// The session actions that the entry, the provider and the public layout need rarely (signing out,
// a lost session). Loaded when used, so the accounts feature and the API contract it calls stay out
// of the entry and of the main page.
export { endLostSession, logout } from '@/features/accounts';
