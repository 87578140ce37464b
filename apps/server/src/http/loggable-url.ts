import type { FastifyRequest } from 'fastify';

const HIDDEN = '***';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Query values that say how a list is shown, never who or what is looked for: logged as they are. */
const plainQueryKeys = new Set([
  'page',
  'pageSize',
  'status',
  'state',
  'sort',
  'order',
  'isOpen',
  'onlyDue',
  'onlyExcluded',
  'dryRun',
  'format',
  'enabled',
  'stage',
  'role',
  'kind',
  'from',
  'to',
  'appliesFrom',
  'purchaseId',
  'versionId',
  'paymentState',
]);

/**
 * The request's address as the request log writes it. Reset links, order and payment links are
 * capabilities in the path, and phones and searches are personal, so the log never has them:
 * a matched route is written as its pattern with each parameter filled in only when it is a uuid of
 * a route that needs a session (an id a staff member works with); a public route's parameters and
 * an unmatched path's token-like segments are hidden, and so is every query value not in the plain list.
 */
export function loggableUrl(request: FastifyRequest): string {
  const [pathname = '/', search] = request.url.split('?', 2);
  return `${loggablePath(request, pathname)}${search === undefined ? '' : `?${loggableQuery(search)}`}`;
}

function loggablePath(request: FastifyRequest, pathname: string): string {
  const pattern = request.routeOptions.url;
  if (!pattern || !pattern.includes(':')) return pattern ?? pathname.split('/').map(hideTokenLike).join('/');
  const isGuarded = Boolean(request.routeOptions.schema?.security);
  const params = (request.params ?? {}) as Record<string, unknown>;
  return pattern.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    return isGuarded && typeof value === 'string' && UUID.test(value) ? value : HIDDEN;
  });
}

/** A segment that could be a link's token: long, or with digits beside letters. */
function hideTokenLike(segment: string): string {
  return segment.length > 24 || (/\d/.test(segment) && /[a-z]/i.test(segment) && segment.length > 8) ? HIDDEN : segment;
}

function loggableQuery(search: string): string {
  return search
    .split('&')
    .map((pair) => {
      const [key = '', value] = pair.split('=', 2);
      const name = safeDecode(key);
      if (value === undefined) return plainQueryKeys.has(name) ? key : HIDDEN;
      return plainQueryKeys.has(name) ? pair : `${/^\w{1,40}$/.test(name) ? key : HIDDEN}=${HIDDEN}`;
    })
    .join('&');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
