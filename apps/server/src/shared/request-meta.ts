/** Who is asking, as far as rate limits and session records need to know. */
export type RequestMeta = { ip: string; userAgent: string | null };
