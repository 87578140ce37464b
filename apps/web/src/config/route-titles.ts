import { NOT_FOUND_TITLE, routes } from './routes';

/** A route's path pattern (`/order/:id`) and the title its page has. */
type RouteTitle = { path: string; title: string };

/** The name of the file the build writes beside index.html; the server reads it (web-app.ts). */
export const ROUTE_TITLES_FILE = 'route-titles.json';

/**
 * Every route's title, for the server to put into the HTML it answers, so the title is there before
 * any script runs (issue 29). The last entry, `*`, is the title of an address no route has.
 */
export function routeTitles(): RouteTitle[] {
  return [...Object.values(routes).map(({ path, title }) => ({ path, title })), { path: '*', title: NOT_FOUND_TITLE }];
}
