import { PersonalLayout } from '@/components/layouts/personal-layout';
import { useReloadCurrentUserOnOpen } from '@/features/accounts';
import { DatesSettings } from '../dates-settings';

/** The client's cabinet, loaded with the personal area. */
export default function PersonalShell() {
  useReloadCurrentUserOnOpen();
  return (
    <DatesSettings>
      <PersonalLayout />
    </DatesSettings>
  );
}
