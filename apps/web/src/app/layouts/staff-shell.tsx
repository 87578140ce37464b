import { StaffLayout } from '@/components/layouts/staff-layout';
import { logout, useReloadCurrentUserOnOpen } from '@/features/accounts';

/** The back office of every staff role; loaded with the role's area, so a client's browser never fetches it. */
export default function StaffShell() {
  useReloadCurrentUserOnOpen();
  return <StaffLayout onLogout={() => void logout()} />;
}
