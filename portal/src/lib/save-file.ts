/** Hands a file made or fetched in the page to the browser's downloads, under the given name. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  Object.assign(document.createElement('a'), { href: url, download: name }).click();
  // Released after the click's task, once the download has taken the file.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
