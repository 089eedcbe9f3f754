/**
 * The contract's descriptions are Markdown-ish text: paragraphs separated by
 * blank lines, bullet lists ("- " items, continued on indented lines) and
 * `inline code`. This reads exactly those constructs into plain data the page
 * renders as elements (never as HTML strings); anything else stays text.
 */
export interface Inline {
  text: string;
  code: boolean;
}

export type Block = { kind: "p"; inlines: Inline[] } | { kind: "ul"; items: Inline[][] };

/** Text with `code spans` split out; lines joined by single spaces. */
export function parseInlines(text: string): Inline[] {
  const joined = text.replace(/\s*\n\s*/g, " ").trim();
  const inlines: Inline[] = [];
  const pattern = /`([^`]+)`/g;
  let last = 0;
  for (const match of joined.matchAll(pattern)) {
    const at = match.index ?? 0;
    if (at > last) inlines.push({ text: joined.slice(last, at), code: false });
    inlines.push({ text: match[1], code: true });
    last = at + match[0].length;
  }
  if (last < joined.length) inlines.push({ text: joined.slice(last), code: false });
  return inlines;
}

const BULLET = /^\s*[-*]\s+/;

/** Paragraphs and bullet lists of a description. */
export function parseText(text: string): Block[] {
  const blocks: Block[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").filter((line) => line.trim() !== "");
    if (lines.length === 0) continue;
    if (!BULLET.test(lines[0])) {
      // A paragraph, possibly followed by a list without a blank line between.
      const firstBullet = lines.findIndex((line) => BULLET.test(line));
      const paragraph = firstBullet === -1 ? lines : lines.slice(0, firstBullet);
      blocks.push({ kind: "p", inlines: parseInlines(paragraph.join("\n")) });
      if (firstBullet === -1) continue;
      lines.splice(0, firstBullet);
    }
    const items: string[][] = [];
    for (const line of lines) {
      if (BULLET.test(line)) items.push([line.replace(BULLET, "")]);
      else items[items.length - 1].push(line);
    }
    blocks.push({ kind: "ul", items: items.map((item) => parseInlines(item.join("\n"))) });
  }
  return blocks;
}
