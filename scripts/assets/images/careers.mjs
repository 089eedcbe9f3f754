import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/** Careers page images: an abstract workshop scene (pipes, flanges, a gear, a safety helmet). */
const W = 960;
const H = 720;

/** A gear outline of `teeth` teeth around (cx, cy). */
function gear(cx, cy, r, teeth, fill) {
  const pts = [];
  const step = (Math.PI * 2) / (teeth * 4);
  for (let i = 0; i < teeth * 4; i++) {
    const outer = i % 4 === 1 || i % 4 === 2;
    const rr = outer ? r : r * 0.82;
    pts.push(`${(cx + rr * Math.cos(i * step)).toFixed(1)},${(cy + rr * Math.sin(i * step)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.34}" fill="${palette.navy}"/>`;
}

/** A flange seen from the front: ring with bolt holes. */
function flange(cx, cy, r) {
  const holes = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 + Math.PI / 8;
    holes.push(`<circle cx="${(cx + r * 0.74 * Math.cos(a)).toFixed(1)}" cy="${(cy + r * 0.74 * Math.sin(a)).toFixed(1)}" r="${r * 0.09}" fill="${palette.navy700}"/>`);
  }
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${palette.steel300}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.5}" fill="${palette.navy700}"/>${holes.join("")}`;
}

function team() {
  return svgDoc(
    W,
    H,
    `${gradientBg(W, H, palette.navy, palette.navy700, "careersBg")}
     <g opacity="0.08" stroke="${palette.white}" stroke-width="2">
       ${Array.from({ length: 12 }, (_, i) => `<path d="M${i * 90} 0 V${H}"/>`).join("")}
       ${Array.from({ length: 9 }, (_, i) => `<path d="M0 ${i * 90} H${W}"/>`).join("")}
     </g>
     <g fill="${palette.steel}">
       <rect x="0" y="470" width="${W}" height="56"/>
       <rect x="180" y="120" width="56" height="406"/>
       <rect x="180" y="120" width="420" height="56"/>
     </g>
     <g fill="${palette.steel300}">
       <rect x="166" y="456" width="84" height="84" rx="6"/>
       <rect x="560" y="106" width="20" height="84" rx="4"/>
       <rect x="420" y="456" width="20" height="84" rx="4"/>
     </g>
     ${flange(740, 250, 120)}
     ${gear(360, 330, 92, 10, palette.amber)}
     <g transform="translate(560 560)">
       <path d="M0 90 C0 20 50 -20 120 -20 S240 20 240 90 Z" fill="${palette.amber}"/>
       <rect x="-30" y="88" width="300" height="26" rx="13" fill="${palette.amber}"/>
       <path d="M104 -18 h32 v60 h-32 Z" fill="#ffbf1f"/>
     </g>
     <rect x="0" y="${H - 40}" width="${W}" height="40" fill="${palette.navy}"/>`,
  );
}

export default [{ file: "careers/team.jpg", width: W, height: H, svg: team }];
