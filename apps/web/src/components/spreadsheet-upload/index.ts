export { SpreadsheetUpload } from './spreadsheet-upload';
export { useSpreadsheetUpload } from './use-spreadsheet-upload';
