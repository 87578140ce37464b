import { type FormEvent, useState } from 'react';
import type { z } from 'zod';
import type { FieldErrors } from './form-errors';
import { isLazySchema, type LazySchema } from './lazy-schema';
import { toastServerError } from './toasts';
import type { useFormFields } from './use-form-fields';

type FormState = Pick<ReturnType<typeof useFormFields>, 'validate' | 'setErrors' | 'setFormError' | 'showServerError'>;

type SubmitOptions<TBody, TResult> = {
  /**
   * The contract's schema of the body: nothing is sent until the body passes it. A lazy one starts
   * loading when the form is first focused (put `prepare` on the form's `onFocus`); if it cannot be
   * loaded, the body goes to the server, which checks it with the same schema (the load is soft,
   * lib/chunk-errors.ts: its failure does not reload the page).
   */
  schema?: z.ZodType | LazySchema;
  /** Checks the schema cannot make, such as a repeated password: field → message, or null when fine. */
  refine?: (body: TBody) => FieldErrors | null;
  /** Sends the body through the feature's mutation hook (its `mutateAsync`). */
  send: (body: TBody) => Promise<TResult>;
  onSuccess?: (result: TResult, body: TBody) => void;
  /** Called after the message is shown, for forms that also react to a failure (a countdown, a cleared code). */
  onError?: (error: unknown) => void;
  /** Server fields with an input of their own that are not among the form's text values. */
  extraFields?: string[];
};

/**
 * The one way a form is sent: validate with the contract's schema, send through the feature's
 * mutation, and on failure put the server's message under its field (or above the form) and show the
 * error toast of section 8. What the user typed is kept in every case.
 */
export function useFormSubmit<TBody, TResult>(form: FormState, options: SubmitOptions<TBody, TResult>) {
  const [isSubmitting, setSubmitting] = useState(false);

  async function submit(body: TBody, event?: FormEvent): Promise<void> {
    event?.preventDefault();
    let schema = options.schema;
    if (schema && isLazySchema(schema)) {
      // The button shows it is busy (and takes no second tap) while the schema comes.
      setSubmitting(true);
      schema = await schema.load().catch(() => undefined);
      setSubmitting(false);
    }
    if (schema) {
      if (!form.validate(schema, body)) return;
    } else {
      form.setErrors({});
      form.setFormError(null);
    }
    const refined = options.refine?.(body);
    if (refined) {
      form.setErrors(refined);
      return;
    }
    setSubmitting(true);
    try {
      const result = await options.send(body);
      options.onSuccess?.(result, body);
    } catch (error) {
      form.showServerError(error, options.extraFields);
      toastServerError(error, { isShownInline: true });
      options.onError?.(error);
    } finally {
      setSubmitting(false);
    }
  }

  /** Starts loading a lazy schema, so it is there by the time the form is sent. */
  function prepare(): void {
    if (options.schema && isLazySchema(options.schema)) options.schema.load().catch(() => undefined);
  }

  return { submit, isSubmitting, prepare };
}
