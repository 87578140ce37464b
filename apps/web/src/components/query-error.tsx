import { Alert, Skeleton } from '@mantine/core';
import { errorMessageOf } from '@/lib/api-client';

/**
 * A failed read in place of what it would have shown: the server's message (or the general one),
 * read out by screen readers. The title, where there is one, names what did not load.
 */
export function QueryError({ error, title }: { error: unknown; title?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      {errorMessageOf(error)}
    </Alert>
  );
}

/**
 * What a section shows while its read has no answer to show: the error once it failed (even over
 * older data, so a failed refresh is not hidden), the section's skeleton until then.
 */
export function QueryFallback({ query, skeletonHeight }: { query: { isError: boolean; error: unknown }; skeletonHeight: number }) {
  return query.isError ? <QueryError error={query.error} /> : <Skeleton h={skeletonHeight} radius="md" />;
}
