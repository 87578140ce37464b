import { PublicLayout } from '@/components/layouts/public-layout';
import { logout } from '@/features/accounts';
import { usePublicSettings } from '@/features/site';

/** The public layout with what only the app wires in: the shop's details and the logout. */
export function PublicShell() {
  return <PublicLayout settings={usePublicSettings()} onLogout={() => void logout()} />;
}
