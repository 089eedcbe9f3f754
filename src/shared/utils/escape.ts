/** Text made safe inside HTML or XML markup, in an element or a quoted attribute. */
export function escapeMarkup(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);
}
