import { Notifications } from '@mantine/notifications';

/** Where toasts appear: top right, 3000 ms unless a toast says otherwise (section 9). */
export default function ToastsHost() {
  return <Notifications position="top-right" autoClose={3000} />;
}
