/** Fills {name} placeholders of a text from data: fill("Hello {who}", { who: "you" }). */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
