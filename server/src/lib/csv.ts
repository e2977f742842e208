/** A spreadsheet must not take a cell for a formula. */
export const spreadsheetCell = (value: string | null | undefined) => {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
};
