import { StaffLayout } from '@/components/layouts/staff-layout';
import { logout, useReloadCurrentUserOnOpen } from '@/features/accounts';
import { DatesSettings } from '../dates-settings';

/** The back office of every staff role; loaded with the role's area, so a client's browser never fetches it. */
export default function StaffShell() {
  useReloadCurrentUserOnOpen();
  return (
    <DatesSettings>
      <StaffLayout onLogout={() => void logout()} />
    </DatesSettings>
  );
}
