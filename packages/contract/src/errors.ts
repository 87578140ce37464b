import { z } from 'zod';

/** The one shape of every error answer of the API; `message` is Russian and safe to show. */
export const errorBodySchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** For validation errors: the request field at fault (`phone`, `body.name`, ...). */
  field: z.string().optional(),
  /** For 429: seconds until the action may be tried again (also in the Retry-After header). */
  retryAfterSeconds: z.number().int().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const DEFAULT_ERROR_MESSAGE = 'Упс, промох разработчика';
