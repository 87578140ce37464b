import type { z } from 'zod';
import { importSoftly } from './chunk-errors';

/**
 * A contract schema a form loads when it is first touched, not with its page (decision 039): zod and
 * the schemas are a quarter of the sign-in page's scripts, and the page is usable before a client
 * has typed anything. The import must name a module of the web app that re-exports only the form's
 * schemas, so the bundler can put them and zod in a file of their own.
 */
export type LazySchema = { readonly load: () => Promise<z.ZodType> };

export function lazySchema(importSchema: () => Promise<z.ZodType>): LazySchema {
  let loading: Promise<z.ZodType> | null = null;
  return {
    load() {
      // A failed load (a dropped connection) is tried again on the next call, not remembered, and
      // does not reload the page (the form falls back on the server's check).
      loading ??= importSoftly(importSchema).catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return loading;
    },
  };
}

export function isLazySchema(schema: z.ZodType | LazySchema): schema is LazySchema {
  return typeof (schema as Partial<LazySchema>).load === 'function';
}
