import { PersonalLayout } from '@/components/layouts/personal-layout';
import { useReloadCurrentUserOnOpen } from '@/features/accounts';

/** The client's cabinet, loaded with the personal area. */
export default function PersonalShell() {
  useReloadCurrentUserOnOpen();
  return <PersonalLayout />;
}
