/** A text that does not wrap at its spaces (a phone number: "+971 2 000 0000" kept on one line). */
export function unbreakable(text: string): string {
  return text.replace(/ /g, "\u00a0");
}

/** Fills {name} placeholders of a text from data: fill("Hello {who}", { who: "you" }). */
export function fill(text: string, values: Readonly<Record<string, unknown>>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
