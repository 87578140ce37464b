import type { ReactNode } from 'react';
import { useIsHydrated } from '@/lib/hydration';

/**
 * The fields and buttons of a form on a page the server rendered (decision 036): disabled until the
 * page's scripts have run, so nothing typed is lost when the page hydrates and a tap on the button
 * does not send the form the browser's own way (a reload of the page). At once on a page rendered in
 * the browser, and from then on, a plain group.
 */
export function FieldsAfterHydration({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    <fieldset disabled={!isHydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {children}
    </fieldset>
  );
}
