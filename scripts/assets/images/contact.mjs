import { palette, svgDoc } from "../lib/svg.mjs";

/**
 * Contact page images: a map-like drawing shown in place of the embedded map
 * until the visitor asks for the real one (no text in it).
 */
const W = 1200;
const H = 480;

/** City blocks: a loose grid of rounded rectangles between the streets. */
function blocks() {
  const out = [];
  const cols = [0, 130, 250, 400, 520, 660, 780, 930, 1060];
  const rows = [0, 95, 185, 300, 390];
  for (let c = 0; c < cols.length - 1; c++) {
    for (let r = 0; r < rows.length - 1; r++) {
      const x = cols[c] + 14;
      const y = rows[r] + 14;
      const w = cols[c + 1] - cols[c] - 28;
      const h = rows[r + 1] - rows[r] - 28;
      const tone = (c * 7 + r * 3) % 5 === 0 ? "#dfe9dc" : "#e4e9f0";
      out.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${tone}"/>`);
    }
  }
  return out.join("");
}

function map() {
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${palette.mist}"/>
     ${blocks()}
     <path d="M0 ${H} V400 C160 380 260 430 420 410 S700 360 860 392 S1080 420 ${W} 380 V${H} Z" fill="#cfdceb"/>
     <path d="M0 400 C160 380 260 430 420 410 S700 360 860 392 S1080 420 ${W} 380" fill="none" stroke="${palette.steel300}" stroke-width="4"/>
     <g fill="none" stroke="${palette.white}" stroke-linecap="round">
       <path d="M0 95 H${W} M0 185 H${W} M0 300 H${W}" stroke-width="14"/>
       <path d="M130 0 V400 M250 0 V410 M400 0 V410 M520 0 V400 M660 0 V380 M780 0 V390 M930 0 V400 M1060 0 V400" stroke-width="12"/>
     </g>
     <g fill="none" stroke="${palette.steel300}" stroke-linecap="round">
       <path d="M-20 360 C200 250 420 240 600 240 S980 140 1220 60" stroke-width="22"/>
     </g>
     <path d="M-20 360 C200 250 420 240 600 240 S980 140 1220 60" fill="none" stroke="${palette.amber}" stroke-width="8" stroke-linecap="round" opacity="0.85"/>
     <ellipse cx="600" cy="246" rx="34" ry="10" fill="${palette.navy}" opacity="0.18"/>
     <path d="M600 246c-8-18-38-48-38-78a38 38 0 0 1 76 0c0 30-30 60-38 78Z" fill="${palette.navy}"/>
     <circle cx="600" cy="168" r="14" fill="${palette.amber}"/>`,
  );
}

export default [{ file: "contact/map.png", width: W, height: H, svg: map }];
