import { PublicLayout } from '@/components/layouts/public-layout';
import { usePublicSettings } from '@/features/site';

// Signing out is rare on a public page: its code (the accounts feature and the API contract it
// calls) loads on the click, not with the page.
const logout = () => void import('../session-actions').then((actions) => actions.logout());

/** The public layout with what only the app wires in: the shop's details and the logout. */
export default function PublicShell() {
  return <PublicLayout settings={usePublicSettings()} onLogout={logout} />;
}
