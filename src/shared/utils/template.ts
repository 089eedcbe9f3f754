/** Fills {name} placeholders of a text from data: fill("Hello {who}", { who: "you" }). */
export function fill(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
