/**
 * Hands a downloaded file to the browser's (or Electron's) save flow under its own name: an object
 * URL on a temporary link with `download`. Electron turns it into its save dialog.
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The save flow reads the URL asynchronously: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
