import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/**
 * About page images: a stylised industrial facility (workshop hall, storage
 * tanks, pipe rack, gantry crane) and an abstract composition of a flange, a
 * gear and pipe runs for the mission and vision block. No text.
 */

/** A gear outline with `teeth` teeth around (cx, cy). */
function gear(cx, cy, r, teeth, fill, hub) {
  const pts = [];
  const step = (Math.PI * 2) / (teeth * 4);
  for (let i = 0; i < teeth * 4; i++) {
    const outer = i % 4 === 1 || i % 4 === 2;
    const rr = outer ? r : r * 0.84;
    pts.push(`${(cx + rr * Math.cos(i * step)).toFixed(1)},${(cy + rr * Math.sin(i * step)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}"/><circle cx="${cx}" cy="${cy}" r="${(r * 0.36).toFixed(1)}" fill="${hub}"/>`;
}

/** A flange seen from the front: ring with bolt holes. */
function flange(cx, cy, r, holes, fill, hole) {
  const dots = Array.from({ length: holes }, (_, i) => {
    const a = (i * 2 * Math.PI) / holes;
    return `<circle cx="${(cx + r * 0.76 * Math.cos(a)).toFixed(1)}" cy="${(cy + r * 0.76 * Math.sin(a)).toFixed(1)}" r="${(r * 0.08).toFixed(1)}" fill="${hole}"/>`;
  });
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="${hole}"/>${dots.join("")}`;
}

const FW = 1200;
const FH = 800;

function facility() {
  const ground = 620;
  const tanks = [
    [700, 120, 200],
    [840, 100, 160],
    [960, 120, 220],
  ]
    .map(
      ([x, w, h]) =>
        `<rect x="${x}" y="${ground - h}" width="${w}" height="${h}" fill="${palette.steel300}"/>
         <ellipse cx="${x + w / 2}" cy="${ground - h}" rx="${w / 2}" ry="14" fill="#dde4ec"/>
         <rect x="${x}" y="${ground - h + 40}" width="${w}" height="8" fill="#9fb0c4"/>`,
    )
    .join("");
  const sawtooth = Array.from({ length: 6 }, (_, i) => {
    const x = 120 + i * 80;
    return `<path d="M${x} 360 L${x + 80} 300 V360 Z" fill="${palette.navy700}"/><rect x="${x + 60}" y="312" width="16" height="44" fill="#7e94ae"/>`;
  }).join("");
  return svgDoc(
    FW,
    FH,
    `${gradientBg(FW, FH, "#dfe7f1", palette.mist, "facilitySky")}
     <circle cx="1030" cy="150" r="70" fill="${palette.amber}" opacity="0.85"/>
     <rect x="0" y="${ground}" width="${FW}" height="${FH - ground}" fill="${palette.steel}"/>
     <rect x="0" y="${ground}" width="${FW}" height="14" fill="${palette.navy700}"/>
     <g stroke="${palette.steel300}" stroke-width="6" opacity="0.5">
       ${Array.from({ length: 10 }, (_, i) => `<path d="M${i * 140 - 40} ${FH} L${i * 140 + 60} ${ground + 14}"/>`).join("")}
     </g>
     <rect x="120" y="360" width="480" height="${ground - 360}" fill="${palette.navy}"/>
     ${sawtooth}
     <rect x="170" y="450" width="120" height="${ground - 450}" fill="${palette.steel}"/>
     <g fill="${palette.steel}">
       ${Array.from({ length: 6 }, (_, i) => `<rect x="${180 + (i % 3) * 36}" y="${462 + Math.floor(i / 3) * 40}" width="24" height="28" fill="${palette.navy700}"/>`).join("")}
     </g>
     <g fill="#7e94ae">
       ${Array.from({ length: 4 }, (_, i) => `<rect x="${330 + i * 64}" y="420" width="40" height="56" rx="3"/>`).join("")}
     </g>
     <rect x="120" y="360" width="480" height="10" fill="${palette.amber}"/>
     <g fill="none" stroke="${palette.navy700}" stroke-width="10">
       <path d="M40 ${ground} V210 H560 V300"/>
       <path d="M40 250 H120"/>
     </g>
     <rect x="20" y="196" width="580" height="22" fill="${palette.amber}"/>
     <rect x="300" y="218" width="40" height="26" fill="${palette.navy}"/>
     <path d="M320 244 V300" stroke="${palette.navy}" stroke-width="4"/>
     ${tanks}
     <g fill="none" stroke="${palette.steel}" stroke-width="12" stroke-linejoin="round">
       <path d="M600 560 H1140"/>
       <path d="M600 590 H1140"/>
     </g>
     <g fill="${palette.navy700}">
       ${Array.from({ length: 6 }, (_, i) => `<rect x="${620 + i * 100}" y="540" width="12" height="${ground - 540}"/>`).join("")}
     </g>
     <rect x="1098" y="548" width="24" height="54" rx="4" fill="${palette.amber}"/>`,
  );
}

const MW = 960;
const MH = 720;

function mission() {
  return svgDoc(
    MW,
    MH,
    `${gradientBg(MW, MH, palette.navy, palette.navy700, "missionBg")}
     <g opacity="0.08" fill="${palette.white}">
       ${Array.from({ length: 16 * 12 }, (_, i) => `<circle cx="${30 + (i % 16) * 60}" cy="${30 + Math.floor(i / 16) * 60}" r="3"/>`).join("")}
     </g>
     <g fill="none" stroke="${palette.steel}" stroke-width="34" stroke-linejoin="round">
       <path d="M0 560 H300 V300 H560"/>
       <path d="M560 300 H960"/>
     </g>
     ${flange(560, 300, 150, 12, palette.steel300, palette.navy700)}
     ${gear(250, 540, 110, 12, palette.amber, palette.navy)}
     ${gear(770, 560, 70, 9, "#9fb0c4", palette.navy)}`,
  );
}

export default [
  { file: "about/facility.jpg", width: FW, height: FH, svg: facility },
  { file: "about/mission.jpg", width: MW, height: MH, svg: mission },
];
