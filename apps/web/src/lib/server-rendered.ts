import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { RouteName } from '@/config/routes';

/**
 * The public pages the server renders (decision 036): the main page and an order by link per
 * request, the documents and sign-in once per build (their only data, the shop's details, is fixed
 * while it runs), the payment result and the client's cabinet as their frames, once (the payment's status changes
 * by the second, and who is signed in is known only to the browser: the data comes with the
 * scripts). Every other page is rendered by the browser alone. A page that starts reading a query
 * parameter while it renders must add it to `paramsRead` in entry-server.tsx: the server renders and
 * keeps each page by its path and those parameters alone.
 */
export const serverRenderedKinds = {
  main: ['Main'],
  order: ['Order'],
  document: ['DeliveryAndPayment', 'Contacts', 'Terms', 'Policy', 'AcceptPolicy', 'ReturnGoods'],
  signin: ['Signin'],
  paymentResult: ['PaymentResult'],
  cabinet: ['PersonalHome', 'PersonalUnpaidOrders', 'PersonalPaidOrders', 'PersonalBonus', 'PersonalDelivery', 'PersonalProfile'],
} as const satisfies Record<string, readonly RouteName[]>;

export type ServerRenderedKind = keyof typeof serverRenderedKinds;

/** What a server-rendered page carries for hydrating: the router's state and the query cache. */
export type ServerRenderedState = { router: HydrationState; queries: DehydratedState };

/** The id of the `<script type="application/json">` the state travels in: JSON, not a script, so the CSP holds. */
export const SERVER_STATE_ID = 'server-state';

/** The state of the page the server rendered, or null when the browser renders it alone. */
export function readServerRenderedState(): ServerRenderedState | null {
  const element = document.getElementById(SERVER_STATE_ID);
  if (!element?.textContent || !document.getElementById('root')?.hasChildNodes()) return null;
  try {
    return JSON.parse(element.textContent) as ServerRenderedState;
  } catch {
    return null;
  }
}
