/** `attachment` with the file name; our names hold only letters, digits, `_`, `-` and `.`, anything else is replaced. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
