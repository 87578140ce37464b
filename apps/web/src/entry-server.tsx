// The server's side of the public pages (decision 036): built by `vite build --ssr` into dist-ssr/ and
// loaded by the server (apps/server/src/plugins/server-render.ts). The styles are the client's: the
// server links the built CSS files, so this build drops them.
import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { EndpointResponse, ordersEndpoints, purchasesEndpoints, systemEndpoints } from '@vmeste/contract';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { RequestQueryClientProvider } from '@/app/provider';
import { routeTree } from '@/app/router';
import { type RouteName, routes } from '@/config/routes';
import { orderByLinkQueryOptions } from '@/features/orders';
import { PAYMENT_RESULT_PARAM } from '@/features/payments';
import { coversQueryOptions, OPENED_PURCHASE_PARAM } from '@/features/purchases';
import { publicSettingsQueryOptions } from '@/features/site';
import { RETURN_PARAM } from '@/lib/access';
import { type ServerRenderedState, serverRenderedKinds, type ServerRenderedKind } from '@/lib/server-rendered';

/**
 * What the server reads for a page, as the API would answer it (the JSON of the endpoint's response),
 * straight from the areas' services: no HTTP round trip per render.
 */
export type ServerReads = {
  publicSettings: () => Promise<EndpointResponse<typeof systemEndpoints.publicSettings>>;
  covers: () => Promise<EndpointResponse<typeof purchasesEndpoints.covers>>;
  orderByLink: (id: string) => Promise<EndpointResponse<typeof ordersEndpoints.getByLink>>;
};

export type RenderedPage = {
  kind: ServerRenderedKind;
  /** The markup of `#root`. */
  html: string;
  /** The router's and the query cache's state, read by main.tsx before hydrating. */
  state: ServerRenderedState;
};

const handler = createStaticHandler(routeTree);

/**
 * The source modules a page of each kind runs on beyond the entry (its lazy routes): the server
 * finds their CSS in the build's manifest and links it from the page's head, so the page is styled
 * before any script runs (its scripts start once it has loaded). The app shell and the public layout
 * are part of the entry, whose CSS index.html links already.
 */
export const modulesOf: Record<ServerRenderedKind, string[]> = {
  main: ['src/app/routes/public/index.ts'],
  order: ['src/app/routes/public/payments.ts'],
  document: ['src/app/routes/public/documents.ts'],
  signin: ['src/app/routes/auth/index.ts'],
  paymentResult: ['src/app/routes/public/payments.ts'],
  // The frame stands for every page of the cabinet: the order pages and the others.
  cabinet: ['src/app/layouts/personal-shell.tsx', 'src/app/routes/personal/orders.ts', 'src/app/routes/personal/index.ts'],
};

/**
 * The server-rendered routes' paths as patterns (`/order/:id` → `^/order/[^/]+/?$`, case-insensitive
 * as the router matches), made once: matching the whole route table costs more than serving a cached page.
 */
const kindPatterns = (Object.entries(serverRenderedKinds) as [ServerRenderedKind, readonly RouteName[]][]).flatMap(([kind, names]) =>
  names.map((name) => ({
    kind,
    pattern: new RegExp(`^${routes[name].path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
  })),
);

/** Which server-rendered page a path opens, or null: decided without rendering, by the routes' paths. */
function kindOfPath(pathname: string): ServerRenderedKind | null {
  return kindPatterns.find(({ pattern }) => pattern.test(pathname))?.kind ?? null;
}

/**
 * The query parameters each page reads while it renders. Any other (utm_*, yclid, fbclid: a new value
 * per click) changes nothing on it, so a page is rendered and kept by its path and these alone: a
 * popular link passed on with tracking parameters is still rendered once per few seconds, not per visitor.
 */
const paramsRead: Record<ServerRenderedKind, readonly string[]> = {
  main: [OPENED_PURCHASE_PARAM],
  order: [],
  document: [],
  signin: [RETURN_PARAM],
  paymentResult: [PAYMENT_RESULT_PARAM],
  cabinet: [],
};

/**
 * The server-rendered page an address opens and the address it is rendered and kept by (its path and
 * the parameters the page reads), or null for the pages the browser renders alone.
 */
export function renderedAddressOf(url: string): { kind: ServerRenderedKind; address: string } | null {
  const queryAt = url.indexOf('?');
  const pathname = queryAt < 0 ? url : url.slice(0, queryAt);
  const kind = kindOfPath(pathname);
  if (!kind) return null;
  if (queryAt < 0) return { kind, address: pathname };
  const asked = new URLSearchParams(url.slice(queryAt + 1));
  const kept = new URLSearchParams();
  for (const name of paramsRead[kind]) {
    const value = asked.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return { kind, address: query ? `${pathname}?${query}` : pathname };
}

/** The server-rendered page a route name is, or null for the pages the browser renders alone. */
function kindOf(name: RouteName | undefined): ServerRenderedKind | null {
  if (!name) return null;
  for (const [kind, names] of Object.entries(serverRenderedKinds) as [ServerRenderedKind, readonly RouteName[]][]) {
    if (names.includes(name)) return kind;
  }
  return null;
}

/**
 * Renders a public page as a guest sees it, with the data the server read, or answers null when the
 * address is not one of the server-rendered pages (the browser then renders it as before). Throws when
 * a read fails (a missing order): the server sends the client-only page, which shows the error itself.
 */
export async function render(url: string, data: ServerReads): Promise<RenderedPage | null> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return null;
  const deepest = context.matches.at(-1)?.route.handle as { name?: RouteName } | undefined;
  const kind = kindOf(deepest?.name);
  if (!kind || context.errors) return null;

  // One cache per request; nothing is fetched while rendering, every read is done before it.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const reads: Promise<unknown>[] = [queryClient.fetchQuery({ ...publicSettingsQueryOptions(), queryFn: data.publicSettings })];
  if (kind === 'main') reads.push(queryClient.fetchQuery({ ...coversQueryOptions(), queryFn: data.covers }));
  if (kind === 'order') {
    const id = context.matches.at(-1)?.params.id ?? '';
    reads.push(queryClient.fetchQuery({ ...orderByLinkQueryOptions(id), queryFn: () => data.orderByLink(id) }));
  }
  await Promise.all(reads);

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <RequestQueryClientProvider value={queryClient}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </RequestQueryClientProvider>
    </StrictMode>,
  );
  const state: ServerRenderedState = {
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(queryClient),
  };
  queryClient.clear();
  return { kind, html, state };
}
