/** The text a PDF written by the site's writer (pdfkit, built-in fonts) draws, for tests that read what a document says. */
import zlib from "zlib";

/** Windows-1252 characters of the 0x80–0x9F block (the built-in fonts' encoding). */
const CP1252: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹", 0x8c: "Œ", 0x8e: "Ž",
  0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};
const decodeWinAnsi = (bytes: Buffer): string => [...bytes].map((b) => CP1252[b] ?? String.fromCharCode(b)).join("");

/** Every Flate stream inflated, the hex strings of its TJ operators decoded, one line per operator. */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const binary = pdf.toString("latin1");
  const re = /stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(binary))) {
    const start = match.index + match[0].length;
    const end = binary.indexOf("endstream", start);
    if (end < 0) break;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    for (const op of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      lines.push([...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decodeWinAnsi(Buffer.from(h[1], "hex"))).join(""));
    }
    re.lastIndex = end;
  }
  return lines.join("\n");
}
