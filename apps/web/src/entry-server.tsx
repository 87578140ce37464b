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
import { coversQueryOptions } from '@/features/purchases';
import { publicSettingsQueryOptions } from '@/features/site';
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

/** Which server-rendered page an address opens, or null: decided without rendering, by the routes' paths. */
export function kindOfPath(pathname: string): ServerRenderedKind | null {
  return kindPatterns.find(({ pattern }) => pattern.test(pathname))?.kind ?? null;
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
