/**
 * Libraries only a few requests need, loaded on first use rather than at start: an idle shop does
 * not carry them (ExcelJS and sharp with libvips are about 60 MB of resident memory together).
 */
export async function loadExcelJS() {
  return (await import('exceljs')).default;
}

export async function loadSharp() {
  return (await import('sharp')).default;
}

export async function loadPdfKit() {
  return (await import('pdfkit')).default;
}

export async function loadBwipJs() {
  // The node entry by name: the bench's bundler-style resolution does not pick the "node" condition.
  return (await import('bwip-js/node')).default;
}
