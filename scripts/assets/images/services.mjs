import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/**
 * Drawings for the service pages (manufacturing, procurement and project
 * management, low-voltage installation). Abstract shapes only, no text.
 */

const W = 1200;
const H = 800;

/** Closed outline of a gear with `teeth` teeth around (cx, cy). */
function gearPath(cx, cy, outer, inner, teeth) {
  const pts = [];
  const half = (Math.PI / teeth) * 0.55;
  for (let i = 0; i < teeth; i++) {
    const a = (i * 2 * Math.PI) / teeth;
    for (const [r, t] of [
      [inner, a - half * 1.5],
      [outer, a - half * 0.8],
      [outer, a + half * 0.8],
      [inner, a + half * 1.5],
    ]) {
      pts.push(`${(cx + r * Math.cos(t)).toFixed(1)} ${(cy + r * Math.sin(t)).toFixed(1)}`);
    }
  }
  return `M${pts.join("L")}Z`;
}

/** Bolt holes evenly spaced on a circle. */
function boltCircle(cx, cy, r, count, holeR, fill) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const a = (i * 2 * Math.PI) / count + Math.PI / count;
    out += `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="${holeR}" fill="${fill}"/>`;
  }
  return out;
}

/** A faint square grid over the whole picture. */
function grid(step, color, opacity) {
  let d = "";
  for (let x = step; x < W; x += step) d += `M${x} 0V${H}`;
  for (let y = step; y < H; y += step) d += `M0 ${y}H${W}`;
  return `<path d="${d}" stroke="${color}" stroke-opacity="${opacity}" stroke-width="1" fill="none"/>`;
}

/** A round bar lying on its side: body plus elliptic end faces. */
function bar(x, y, length, r, body, end) {
  return `<rect x="${x}" y="${y - r}" width="${length}" height="${2 * r}" fill="${body}"/>
    <ellipse cx="${x}" cy="${y}" rx="${r * 0.35}" ry="${r}" fill="${body}"/>
    <ellipse cx="${x + length}" cy="${y}" rx="${r * 0.35}" ry="${r}" fill="${end}"/>
    <rect x="${x}" y="${y - r * 0.55}" width="${length}" height="${r * 0.18}" fill="${palette.white}" fill-opacity="0.18"/>`;
}

function manufacturing() {
  return svgDoc(
    W,
    H,
    `${gradientBg(W, H, palette.navy, palette.navy700, "mfgBg")}
     ${grid(60, palette.white, 0.05)}
     <rect y="600" width="${W}" height="200" fill="${palette.steel}"/>
     <rect y="600" width="${W}" height="14" fill="${palette.steel300}" fill-opacity="0.5"/>
     <path d="${gearPath(330, 360, 220, 180, 14)}" fill="none" stroke="${palette.amber}" stroke-width="18" stroke-linejoin="round"/>
     <circle cx="330" cy="360" r="70" fill="none" stroke="${palette.amber}" stroke-width="18"/>
     <circle cx="330" cy="360" r="120" fill="none" stroke="${palette.amber}" stroke-opacity="0.35" stroke-width="6"/>
     <circle cx="830" cy="380" r="190" fill="${palette.steel300}"/>
     <circle cx="830" cy="380" r="150" fill="none" stroke="${palette.steel}" stroke-opacity="0.5" stroke-width="4"/>
     <circle cx="830" cy="380" r="92" fill="${palette.mist}"/>
     <circle cx="830" cy="380" r="70" fill="${palette.navy700}"/>
     ${boltCircle(830, 380, 150, 8, 18, palette.navy)}
     ${bar(560, 690, 420, 34, palette.steel300, palette.mist)}
     ${bar(620, 752, 360, 26, palette.amber, "#ffd36b")}
     ${bar(120, 720, 300, 40, palette.steel300, palette.mist)}`,
  );
}

/** A shipping container: a box with vertical ribs. */
function container(x, y, w, h, fill) {
  let ribs = "";
  for (let rx = x + 18; rx < x + w - 10; rx += 18) ribs += `M${rx} ${y + 10}V${y + h - 10}`;
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="${fill}"/>
    <path d="${ribs}" stroke="${palette.navy}" stroke-opacity="0.25" stroke-width="4"/>`;
}

function procurement() {
  const flanges = [140, 420, 700, 980].map((x) => `<rect x="${x}" y="640" width="24" height="110" rx="3" fill="${palette.steel300}"/>`).join("");
  return svgDoc(
    W,
    H,
    `${gradientBg(W, H, palette.navy, palette.navy700, "prcBg")}
     <circle cx="960" cy="170" r="120" fill="${palette.amber}" fill-opacity="0.85"/>
     <g fill="none" stroke="${palette.white}" stroke-opacity="0.12" stroke-width="3">
       <circle cx="960" cy="170" r="200"/><circle cx="960" cy="170" r="290"/>
     </g>
     <path d="M180 600V130H700M230 600V130M180 200h520M700 130v120" fill="none" stroke="${palette.steel300}" stroke-width="16" stroke-linecap="square"/>
     <path d="M180 130 230 180M230 130 180 180" stroke="${palette.steel300}" stroke-width="8"/>
     <path d="M560 200v110" stroke="${palette.white}" stroke-width="4"/>
     <rect x="510" y="310" width="100" height="14" fill="${palette.amber}"/>
     ${container(300, 470, 260, 130, palette.amber)}
     ${container(570, 470, 260, 130, palette.steel)}
     ${container(440, 330, 260, 130, palette.steel300)}
     ${container(840, 470, 260, 130, palette.steel300)}
     ${container(840, 330, 260, 130, palette.amber)}
     <rect y="600" width="${W}" height="200" fill="${palette.navy}"/>
     <rect y="660" width="${W}" height="70" fill="${palette.steel}"/>
     <rect y="672" width="${W}" height="12" fill="${palette.white}" fill-opacity="0.2"/>
     ${flanges}`,
  );
}

function lvInstallation() {
  const breakers = [];
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 6; col++) {
      const x = 320 + col * 62;
      const y = 250 + row * 100;
      breakers.push(`<rect x="${x}" y="${y}" width="44" height="70" rx="4" fill="${palette.mist}"/>`);
      const toggleY = (row + col) % 2 === 0 ? y + 14 : y + 36;
      const toggleFill = (row * 6 + col) % 5 === 0 ? palette.amber : palette.steel;
      breakers.push(`<rect x="${x + 14}" y="${toggleY}" width="16" height="20" rx="2" fill="${toggleFill}"/>`);
    }
  }
  return svgDoc(
    W,
    H,
    `${gradientBg(W, H, palette.navy, palette.navy700, "lvBg")}
     ${grid(80, palette.white, 0.04)}
     <path d="M0 120H1200" stroke="${palette.steel}" stroke-width="28"/>
     <path d="M0 112H1200M0 128H1200" stroke="${palette.steel300}" stroke-opacity="0.35" stroke-width="3"/>
     <path d="M380 134V190M470 134V190M560 134V190" stroke="${palette.amber}" stroke-width="10"/>
     <path d="M680 134C680 300 760 300 760 440V800" fill="none" stroke="${palette.steel300}" stroke-width="10"/>
     <path d="M700 134C700 280 790 290 790 440V800" fill="none" stroke="${palette.amber}" stroke-width="10"/>
     <rect x="280" y="190" width="420" height="560" rx="16" fill="${palette.steel}"/>
     <rect x="300" y="210" width="380" height="520" rx="10" fill="${palette.navy700}"/>
     ${breakers.join("")}
     <path d="M980 134V300" stroke="${palette.steel300}" stroke-width="5"/>
     <path d="M920 360h120l-25-60h-70Z" fill="${palette.steel300}"/>
     <defs><linearGradient id="lvLight" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.amber}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.amber}" stop-opacity="0"/></linearGradient></defs>
     <path d="M920 360h120l90 300H830Z" fill="url(#lvLight)"/>
     <ellipse cx="980" cy="362" rx="34" ry="10" fill="#ffd36b"/>
     <path d="M160 420 110 520h45l-25 90 80-120h-48l34-70Z" fill="${palette.amber}"/>`,
  );
}

export default [
  { file: "services/manufacturing.jpg", width: W, height: H, svg: manufacturing },
  { file: "services/procurement.jpg", width: W, height: H, svg: procurement },
  { file: "services/lv-installation.jpg", width: W, height: H, svg: lvInstallation },
];
