import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import { MOSCOW_OFFSET_MS } from '@vmeste/contract';

/**
 * A one-sheet XLSX written straight into a stream: each row becomes a few hundred bytes of sheet XML
 * and leaves nothing behind, so an export of a hundred thousand rows holds no more than one row in
 * memory. ExcelJS's streaming writer builds objects for every cell and style on the way, which at
 * that size costs tens of megabytes of garbage and its own ~30 MB of code (docs/decisions/016).
 */

export type XlsxCellFormat = 'text' | 'integer' | 'rubles' | 'datetime';
export type XlsxColumn = { header: string; width: number; format?: XlsxCellFormat };
/** A number, a text, a moment (shown in Moscow time) or nothing (an empty cell). */
export type XlsxValue = string | number | Date | null;

const RUB_FORMAT = '#,##0.00 "₽"';
const DATETIME_FORMAT = 'dd.mm.yyyy hh:mm';
/** Days from Excel's epoch (1899-12-30) to the Unix one. */
const EXCEL_UNIX_EPOCH_DAYS = 25569;

// Characters XML 1.0 cannot carry at all (control characters a pasted name may hold) are dropped.
// eslint-disable-next-line no-control-regex
const INVALID_XML_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function escapeXml(text: string): string {
  return text.replace(INVALID_XML_CHARS, '').replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);
}

/** Style ids of styles.xml below: 1 bold header, 2 money, 3 date and time. */
const styleOf: Record<XlsxCellFormat, number> = { text: 0, integer: 0, rubles: 2, datetime: 3 };

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="${escapeXml(RUB_FORMAT)}"/><numFmt numFmtId="165" formatCode="${DATETIME_FORMAT}"/></numFmts><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;

const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

const WORKBOOK_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;

function workbookXml(sheetName: string): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="${escapeXml(sheetName)}" sheetId="1" r:id="rId1"/></sheets></workbook>`;
}

/** A, B, …, Z, AA, AB, … */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The Excel serial number of a moment, as Moscow's wall clock shows it. */
export function excelSerialOf(moment: Date): number {
  return (moment.getTime() + MOSCOW_OFFSET_MS) / 86_400_000 + EXCEL_UNIX_EPOCH_DAYS;
}

function cellXml(ref: string, value: XlsxValue, format: XlsxCellFormat, style?: number): string {
  if (value === null || value === '') return '';
  const s = style ?? styleOf[format];
  const styleAttr = s ? ` s="${s}"` : '';
  if (value instanceof Date) return `<c r="${ref}"${styleAttr}><v>${excelSerialOf(value)}</v></c>`;
  if (typeof value === 'number') return `<c r="${ref}"${styleAttr}><v>${value}</v></c>`;
  return `<c r="${ref}"${styleAttr} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
}

export type XlsxWriter = {
  /** The finished file's bytes, as they are made. */
  stream: Readable;
  /** Adds one row; answers false when the reader is behind and the writer should wait for `drain`. */
  addRow(values: XlsxValue[]): boolean;
  /** Resolves once the reader caught up (or left); answers whether it is still there. */
  waitForReader(): Promise<boolean>;
  /** Closes the sheet and the file. */
  end(): void;
  /** Stops with an error: the reader sees a broken download, not a short file that looks whole. */
  fail(error: Error): void;
};

/** Starts an XLSX with one sheet, its header row in bold and frozen. */
export function createXlsxWriter(sheetName: string, columns: XlsxColumn[]): XlsxWriter {
  const zip = new yazl.ZipFile();
  const sheet = new PassThrough();
  const output = new PassThrough();
  zip.outputStream.pipe(output);
  zip.addBuffer(Buffer.from(CONTENT_TYPES), '[Content_Types].xml');
  zip.addBuffer(Buffer.from(ROOT_RELS), '_rels/.rels');
  zip.addBuffer(Buffer.from(workbookXml(sheetName)), 'xl/workbook.xml');
  zip.addBuffer(Buffer.from(WORKBOOK_RELS), 'xl/_rels/workbook.xml.rels');
  zip.addBuffer(Buffer.from(STYLES), 'xl/styles.xml');
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml');
  zip.end();

  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`).join('');
  const header = columns.map((c, i) => cellXml(`${columnLetter(i)}1`, c.header, 'text', 1)).join('');
  sheet.write(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
      `<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<cols>${cols}</cols><sheetData><row r="1" s="1" customFormat="1">${header}</row>`,
  );
  let rowNumber = 1;

  return {
    stream: output,
    addRow(values) {
      rowNumber += 1;
      const cells = values.map((v, i) => cellXml(`${columnLetter(i)}${rowNumber}`, v, columns[i]?.format ?? 'text')).join('');
      return sheet.write(`<row r="${rowNumber}">${cells}</row>`);
    },
    async waitForReader() {
      if (!output.destroyed && sheet.writableNeedDrain) {
        await new Promise<void>((resolve) => {
          const done = () => {
            sheet.off('drain', done);
            output.off('close', done);
            resolve();
          };
          sheet.once('drain', done);
          output.once('close', done);
        });
      }
      if (!output.destroyed) return true;
      sheet.destroy();
      return false;
    },
    end() {
      sheet.end('</sheetData></worksheet>');
    },
    fail(error) {
      // The error goes to the reader once; the zip's inner streams are only torn down.
      sheet.destroy();
      output.destroy(error);
    },
  };
}

/**
 * Writes the rows of `batches` into a new XLSX as they come: a batch is read from the database only
 * when the download has taken the previous one, so a slow download holds the reading back instead of
 * piling the file up in memory, and a download that is gone stops it.
 */
export function streamSheet<T>(
  sheetName: string,
  columns: XlsxColumn[],
  batches: AsyncIterable<T[]>,
  rowsOf: (batch: T[]) => Promise<XlsxValue[][]> | XlsxValue[][],
): Readable {
  const xlsx = createXlsxWriter(sheetName, columns);
  void (async () => {
    try {
      for await (const batch of batches) {
        if (!(await xlsx.waitForReader())) return;
        for (const row of await rowsOf(batch)) xlsx.addRow(row);
      }
      xlsx.end();
    } catch (error) {
      xlsx.fail(error as Error);
    }
  })();
  return xlsx.stream;
}
