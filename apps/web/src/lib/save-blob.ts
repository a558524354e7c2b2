/** Saves a Blob under a file name through a temporary link (no new tab). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers still read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
