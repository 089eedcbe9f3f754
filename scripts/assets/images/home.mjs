import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/**
 * Home page images: eight neutral client-logo placeholders (abstract marks in
 * muted greys, each different, with grey bars where a company's name would
 * go; no text) and a stylised process skid for the Custom Solutions block.
 */

const LOGO_W = 240;
const LOGO_H = 120;
const grey = { dark: "#5b6676", mid: "#8893a1", light: "#b7c0cb" };

/** Grey bars standing for a wordmark, right of the mark. */
function wordmark(lines) {
  return lines.map(([w, y, h]) => `<rect x="104" y="${y}" width="${w}" height="${h}" rx="${h / 2}" fill="${h > 10 ? grey.dark : grey.light}"/>`).join("");
}

/** A regular polygon's points around (cx, cy). */
function polygon(cx, cy, r, sides, rotation = -Math.PI / 2) {
  return Array.from({ length: sides }, (_, i) => {
    const a = rotation + (i * 2 * Math.PI) / sides;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  }).join(" ");
}

const marks = [
  // 1: a ring with a notch
  `<circle cx="56" cy="60" r="30" fill="none" stroke="${grey.dark}" stroke-width="12"/><rect x="50" y="22" width="12" height="30" fill="${grey.mid}"/>`,
  // 2: a hexagon with a hexagonal hole
  `<polygon points="${polygon(56, 60, 36, 6)}" fill="${grey.dark}"/><polygon points="${polygon(56, 60, 16, 6)}" fill="#ffffff"/>`,
  // 3: two overlapping triangles
  `<polygon points="24,88 52,32 80,88" fill="${grey.mid}"/><polygon points="44,88 68,40 92,88" fill="${grey.dark}" opacity="0.85"/>`,
  // 4: a square turned on its corner, quartered
  `<g transform="rotate(45 56 60)"><rect x="30" y="34" width="24" height="24" fill="${grey.dark}"/><rect x="58" y="34" width="24" height="24" fill="${grey.mid}"/><rect x="30" y="62" width="24" height="24" fill="${grey.mid}"/><rect x="58" y="62" width="24" height="24" fill="${grey.dark}"/></g>`,
  // 5: three chevrons
  `<g fill="none" stroke-width="10" stroke-linejoin="round"><path d="M24 36 44 60 24 84" stroke="${grey.light}"/><path d="M46 36 66 60 46 84" stroke="${grey.mid}"/><path d="M68 36 88 60 68 84" stroke="${grey.dark}"/></g>`,
  // 6: concentric arcs
  `<g fill="none" stroke-linecap="round" stroke-width="9"><path d="M28 88a32 32 0 0 1 56 0" stroke="${grey.light}" transform="translate(0 -8)"/><path d="M40 84a18 18 0 0 1 32 0" stroke="${grey.mid}"/><circle cx="56" cy="44" r="8" fill="${grey.dark}" stroke="none"/></g><path d="M22 90h68" stroke="${grey.dark}" stroke-width="8" stroke-linecap="round"/>`,
  // 7: a flange: ring with six bolt holes
  `<circle cx="56" cy="60" r="36" fill="${grey.dark}"/><circle cx="56" cy="60" r="14" fill="#ffffff"/>${Array.from({ length: 6 }, (_, i) => {
    const a = (i * Math.PI) / 3;
    return `<circle cx="${(56 + 25 * Math.cos(a)).toFixed(1)}" cy="${(60 + 25 * Math.sin(a)).toFixed(1)}" r="4.5" fill="#ffffff"/>`;
  }).join("")}`,
  // 8: stacked bars, like a skyline
  `<g fill="${grey.dark}"><rect x="22" y="52" width="14" height="40" rx="2"/><rect x="42" y="30" width="14" height="62" rx="2" fill="${grey.mid}"/><rect x="62" y="42" width="14" height="50" rx="2"/><rect x="82" y="62" width="10" height="30" rx="2" fill="${grey.light}"/></g>`,
];

const wordmarks = [
  [[104, 46, 14], [70, 68, 8]],
  [[88, 44, 16], [110, 68, 8]],
  [[116, 50, 12], [56, 70, 8]],
  [[96, 42, 14], [96, 62, 14]],
  [[120, 52, 16]],
  [[80, 46, 14], [104, 66, 8], [60, 80, 6]],
  [[100, 48, 14], [84, 70, 8]],
  [[112, 44, 12], [112, 62, 12]],
];

const logos = marks.map((mark, i) => ({
  file: `home/client-logo-${i + 1}.png`,
  width: LOGO_W,
  height: LOGO_H,
  svg: () => svgDoc(LOGO_W, LOGO_H, `${mark}${wordmark(wordmarks[i])}`),
}));

const SKID_W = 960;
const SKID_H = 720;

/** A stylised process skid on a steel base frame: two vessels, a pump, pipework and valves. */
function skid() {
  const pipe = palette.steel300;
  return svgDoc(
    SKID_W,
    SKID_H,
    `${gradientBg(SKID_W, SKID_H, palette.navy, palette.navy700, "skidBg")}
     <g opacity="0.07" stroke="${palette.white}" stroke-width="2">
       ${Array.from({ length: 17 }, (_, i) => `<path d="M${i * 60} 0 V${SKID_H}"/>`).join("")}
       ${Array.from({ length: 13 }, (_, i) => `<path d="M0 ${i * 60} H${SKID_W}"/>`).join("")}
     </g>
     <rect x="90" y="560" width="780" height="34" rx="4" fill="${palette.steel}"/>
     <rect x="110" y="594" width="30" height="40" fill="${palette.steel}"/>
     <rect x="820" y="594" width="30" height="40" fill="${palette.steel}"/>
     <rect x="465" y="594" width="30" height="40" fill="${palette.steel}"/>
     <rect x="150" y="200" width="150" height="360" rx="75" fill="${palette.steel300}"/>
     <rect x="150" y="290" width="150" height="14" fill="${palette.steel}"/>
     <rect x="340" y="260" width="130" height="300" rx="65" fill="#9fb0c4"/>
     <rect x="340" y="340" width="130" height="12" fill="${palette.steel}"/>
     <g fill="none" stroke="${pipe}" stroke-width="22" stroke-linejoin="round">
       <path d="M225 200 V150 H600 V420"/>
       <path d="M405 260 V190 H600"/>
       <path d="M300 500 H340"/>
       <path d="M470 500 H560"/>
       <path d="M700 470 H820 V240"/>
     </g>
     <circle cx="630" cy="470" r="80" fill="${palette.steel}"/>
     <circle cx="630" cy="470" r="46" fill="${palette.navy}"/>
     <circle cx="630" cy="470" r="14" fill="${palette.amber}"/>
     <rect x="548" y="480" width="40" height="80" fill="${palette.steel}"/>
     <g fill="${palette.amber}">
       <rect x="584" y="126" width="32" height="48" rx="4"/>
       <rect x="570" y="112" width="60" height="12" rx="6"/>
       <rect x="748" y="446" width="32" height="48" rx="4"/>
       <rect x="734" y="432" width="60" height="12" rx="6"/>
       <rect x="796" y="220" width="48" height="40" rx="4"/>
     </g>
     <circle cx="820" cy="190" r="34" fill="${palette.white}"/>
     <circle cx="820" cy="190" r="26" fill="${palette.navy}"/>
     <path d="M820 190 L836 174" stroke="${palette.amber}" stroke-width="6" stroke-linecap="round"/>
     <rect x="0" y="${SKID_H - 86}" width="${SKID_W}" height="86" fill="${palette.steel}" opacity="0.45"/>
     <rect x="0" y="${SKID_H - 86}" width="${SKID_W}" height="6" fill="${palette.steel300}" opacity="0.6"/>`,
  );
}

export default [...logos, { file: "home/custom-solutions.jpg", width: SKID_W, height: SKID_H, svg: skid }];
