import { type LabelFormat, labelFormats } from '@vmeste/contract';
import { saveBlob } from '@/lib/download';
import { readStored, writeStored } from '@/lib/storage';

const LABEL_FORMAT_KEY = 'warehouse-label-format';
/** How long the opened tab may take to read the PDF before its object URL goes. */
const PDF_URL_LIFETIME_MS = 5 * 60_000;

/** The format chosen last time on this computer: a warehouse has one label printer. */
export function readLabelFormat(): LabelFormat {
  const stored = readStored<string>(LABEL_FORMAT_KEY);
  return labelFormats.find((f) => f === stored) ?? 'a6';
}

export function rememberLabelFormat(format: LabelFormat): void {
  writeStored(LABEL_FORMAT_KEY, format);
}

/** The file name the server gives the same PDF, for when it is saved rather than opened. */
export function labelsFileName(parcelNumbers: readonly number[]): string {
  return parcelNumbers.length === 1 ? `Этикетка посылки ${parcelNumbers[0]}.pdf` : `Этикетки посылок (${parcelNumbers.length}).pdf`;
}

/**
 * Opens the PDF in a new tab, where the browser's viewer prints it. The tab is opened at the click,
 * before the PDF is fetched, as a tab opened after a wait is taken for a pop-up and blocked; when it
 * was blocked anyway, the PDF is saved as a file instead. Answers which of the two happened.
 */
export async function openPdfInNewTab(fetchPdf: () => Promise<Blob>, fileName: string): Promise<'opened' | 'saved'> {
  const tab = window.open('', '_blank');
  if (tab) {
    tab.document.title = fileName;
    tab.document.body.textContent = 'Готовим PDF…';
  }
  let blob: Blob;
  try {
    blob = await fetchPdf();
  } catch (error) {
    tab?.close();
    throw error;
  }
  if (!tab || tab.closed) {
    saveBlob(blob, fileName);
    return 'saved';
  }
  const url = URL.createObjectURL(blob);
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), PDF_URL_LIFETIME_MS);
  return 'opened';
}
