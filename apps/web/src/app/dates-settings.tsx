import 'dayjs/locale/ru';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';

dayjs.locale('ru');

/**
 * The calendar of section 5: the week starts on Monday, Russian day and month names. Only the areas
 * with date pickers (the back office, the cabinet) wrap their pages in it, so public pages load no dates code.
 */
export function DatesSettings({ children }: { children: ReactNode }) {
  return <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
