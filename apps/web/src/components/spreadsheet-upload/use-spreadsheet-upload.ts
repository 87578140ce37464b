import { useState } from 'react';
import { formatBytes } from '@/lib/format';
import type { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';

type FormState = Pick<ReturnType<typeof useFormFields>, 'formError' | 'validate' | 'setErrors' | 'setFormError' | 'showServerError'>;

type Options<TPreview, TApplied> = {
  /** The form whose error line shows what went wrong (its other fields, such as a date, go with the file). */
  form: FormState;
  /** Reads the file without writing anything: the preview. */
  check: (file: File) => Promise<TPreview>;
  /** Writes what the file holds. */
  apply: (file: File) => Promise<TApplied>;
  onApplied: (result: TApplied) => void;
  /** A larger file is refused here, with `tooLarge(«5 МБ»)` as the message, before anything is sent. */
  maxBytes?: { bytes: number; tooLarge: (limit: string) => string };
  /** Check the file as soon as it is picked (otherwise a button of the form's own calls `check`). */
  checksOnPick: boolean;
};

/**
 * Pick a spreadsheet → check it (nothing written) → apply it: the file, its preview and the two
 * requests, each through `useFormSubmit`, so a server message lands on the form's error line.
 */
export function useSpreadsheetUpload<TPreview, TApplied>(options: Options<TPreview, TApplied>) {
  const { form, maxBytes, checksOnPick } = options;
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);

  function reset() {
    setFile(null);
    setPreview(null);
    form.setFormError(null);
  }

  const checking = useFormSubmit(form, { send: (picked: File) => options.check(picked), onSuccess: setPreview });
  const applying = useFormSubmit(form, {
    send: (picked: File) => options.apply(picked),
    onSuccess: (result) => {
      reset();
      options.onApplied(result);
    },
  });

  function pick(next: File | null) {
    if (!next) return;
    reset();
    if (maxBytes && next.size > maxBytes.bytes) {
      form.setFormError(maxBytes.tooLarge(formatBytes(maxBytes.bytes)));
      return;
    }
    setFile(next);
    if (checksOnPick) void checking.submit(next);
  }

  return {
    file,
    preview,
    pick,
    reset,
    checksOnPick,
    formError: form.formError,
    check: () => file && void checking.submit(file),
    apply: () => file && void applying.submit(file),
    isChecking: checking.isSubmitting,
    isApplying: applying.isSubmitting,
  };
}

export type SpreadsheetUploadState<TPreview> = ReturnType<typeof useSpreadsheetUpload<TPreview, unknown>>;
