import { saveBlob } from './download';
import { toast, toastServerError } from './toasts';

/**
 * Fetches a file and saves it under `fileName`, saying «Файл «…» сохранён» unless `announces` is
 * false; a failure shows the error toast instead, so the caller only keeps its own pending state.
 */
export async function downloadAs(fetchFile: () => Promise<Blob>, fileName: string, { announces = true } = {}): Promise<void> {
  try {
    saveBlob(await fetchFile(), fileName);
    if (announces) toast.success(`Файл «${fileName}» сохранён`);
  } catch (error) {
    toastServerError(error);
  }
}
