import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';

/** The host of the dialogs opened through `modals` (the confirmation dialog of lib/confirm.tsx). */
export default function DialogsHost({ onReady }: { onReady: () => void }) {
  // The provider starts listening in its layout effect, before this effect: the dialogs asked for
  // while it loaded can be sent again now.
  useEffect(onReady, [onReady]);
  return <ModalsProvider labels={{ confirm: 'Подтвердить', cancel: 'Отмена' }} />;
}
