import { lazySchema } from '@/lib/lazy-schema';
import type * as accountSchemas from './account-schemas';

/** An account form's schema, loaded when the form is first touched (decision 039). */
export function lazyAccountSchema(name: keyof typeof accountSchemas) {
  return lazySchema(() => import('./account-schemas').then((schemas) => schemas[name]));
}
