// The session actions that the entry, the provider and the public layout need rarely (signing out,
// a lost session, the warning of a role without an area). Loaded when used, so the accounts feature,
// the API contract it calls and the toasts stay out of the entry and of the main page.
export { endLostSession, logout } from '@/features/accounts';
export { toast } from '@/lib/toasts';
