/** Hands bytes to the browser as a downloaded file under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download at once; the URL may go after the current task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
