/**
 * Text for PDFKit's built-in fonts (Helvetica), which only draw the WinAnsi
 * (Windows-1252) character set: everything else would print as a blank or a
 * wrong glyph. pdfSafe() keeps what the fonts can draw (ASCII, Latin-1 such as
 * °, ±, ², ³, µ, ×, and the typographic marks – — ‘ ’ “ ” • …) and maps the
 * rest to safe equivalents.
 */

/** Characters beyond Latin-1 that WinAnsi still has (the 0x80–0x9F block). */
const WIN_ANSI_EXTRA = new Set(
  [0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122].map((c) => String.fromCharCode(c)),
);

/** Safe equivalents of characters the fonts cannot draw. */
const REPLACEMENTS: Record<string, string> = {
  "\u2212": "-", // minus sign (formatNumber writes negative figures with it)
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // figure dash
  "\u2015": "—", // horizontal bar
  "\u2264": "<=",
  "\u2265": ">=",
  "\u2260": "!=",
  "\u2248": "~",
  "\u2243": "~",
  "\u2192": "->",
  "\u2190": "<-",
  "\u2194": "<->",
  "\u2032": "'", // prime
  "\u2033": '"', // double prime
  "\u2044": "/", // fraction slash
  "\u2215": "/", // division slash
  "\u2300": "dia. ", // diameter sign
  "\u2126": "ohm", // ohm sign
  "\u03a9": "ohm",
  "\u03bc": "µ", // Greek mu -> micro sign (in WinAnsi)
  "\u2070": "0",
  "\u2074": "4",
  "\u2075": "5",
  "\u2076": "6",
  "\u2077": "7",
  "\u2078": "8",
  "\u2079": "9",
  "\u2080": "0",
  "\u2081": "1",
  "\u2082": "2",
  "\u2083": "3",
  "\u2610": "[ ]", // ballot box
  "\u2611": "[x]",
  "\u2713": "x", // check mark
  "\u2714": "x",
  "\u0141": "L", // letters with a stroke do not decompose
  "\u0142": "l",
  "\u0110": "D",
  "\u0111": "d",
  "\u0131": "i",
  "\u2009": " ", // thin space
  "\u200a": " ", // hair space
  "\u202f": " ", // narrow no-break space
  "\u2002": " ",
  "\u2003": " ",
  "\u200b": "", // zero-width space
  "\u200d": "",
  "\ufeff": "",
};

function isWinAnsi(ch: string): boolean {
  const code = ch.charCodeAt(0);
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || WIN_ANSI_EXTRA.has(ch);
}

/** `text` with every character the built-in PDF fonts cannot draw replaced by a safe equivalent. */
export function pdfSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    if (isWinAnsi(ch)) {
      out += ch;
    } else if (ch in REPLACEMENTS) {
      out += REPLACEMENTS[ch];
    } else if (ch === "\t" || ch === "\r") {
      out += " ";
    } else {
      // Accented letters outside Latin-1 (ő, ł, č...) lose their accent; anything else becomes "?".
      const base = ch.normalize("NFKD").replace(/[\u0300-\u036f]/g, "");
      out += base !== ch && base.length > 0 && [...base].every(isWinAnsi) ? base : "?";
    }
  }
  return out;
}
