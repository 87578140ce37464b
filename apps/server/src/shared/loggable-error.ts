/**
 * What of a failure may go into the log. A failed query carries its SQL parameters — Drizzle puts them
 * in the message (`Failed query: … params: …`) and in `params`, the database driver in `detail` (`Key
 * (phone)=(…)`) — and those are phones, e-mails and password hashes. The log gets the error's kind,
 * the database's code and constraint, and messages with the parameters and quoted values cut out.
 */
export type LoggableError = {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: LoggableError;
};

type ErrorLike = Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown };

/**
 * Drizzle's parameter list, and a value the database quotes after a colon (`invalid input syntax for
 * type uuid: "…"`); names of tables and constraints, quoted the same way elsewhere, stay.
 */
function withoutValues(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, '\nparams: <скрыто>')
    .replace(/: "[^"\n]*"/g, ': "…"')
    .slice(0, 2000);
}

function textOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

export function loggableError(error: unknown, depth = 0): LoggableError {
  // Already made loggable (the error handler does it before the logger's serializer sees it again).
  if (isLoggable(error)) return error;
  if (!(error instanceof Error)) return { type: typeof error, message: '<не ошибка>' };
  const e = error as ErrorLike;
  const message = withoutValues(e.message);
  const firstStackLine = e.stack?.indexOf('\n    at ') ?? -1;
  const result: LoggableError = {
    type: e.name,
    message,
    ...(firstStackLine >= 0 ? { stack: `${e.name}: ${message}${e.stack!.slice(firstStackLine)}` } : {}),
  };
  const code = textOf(e.code);
  if (code) result.code = code;
  const constraint = textOf(e.constraint);
  if (constraint) result.constraint = constraint;
  const table = textOf(e.table);
  if (table) result.table = table;
  const column = textOf(e.column);
  if (column) result.column = column;
  if (e.cause !== undefined && depth < 3) result.cause = loggableError(e.cause, depth + 1);
  return result;
}

function isLoggable(value: unknown): value is LoggableError {
  return !(value instanceof Error) && typeof value === 'object' && value !== null && 'type' in value && 'message' in value;
}

/** The logger's serializer of `err`: every `log.error({ err })` of the app, jobs included, goes through it. */
export const logSerializers = {
  err: (error: unknown) => {
    const loggable = loggableError(error);
    return { ...loggable, stack: loggable.stack ?? '' };
  },
};
