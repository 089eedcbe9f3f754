import { palette, svgDoc } from "../lib/svg.mjs";

/**
 * Product images: products/<id>.png, ids 1 to 59 (the file is named by the id
 * with the .png extension). Each is a clean, stylised drawing of the
 * product type on a light background, without text. The images of one
 * product differ (view, colour accent, detail view) so the gallery shows a
 * visible change from one to the next.
 */
const W = 800;
const H = 600;

const C = {
  ...palette,
  dark: "#07162b",
  steelLight: "#8896a9",
  amberDark: "#c98c00",
  line: "#0b1f3a",
  floor: "#dde3ea",
  fluid: "#d3deeb",
  hole: "#e9edf2",
};

/* ---------- drawing primitives (every part outlined in navy) ---------- */

const OUT = `stroke="${C.line}" stroke-width="3" stroke-linejoin="round"`;

const rect = (x, y, w, h, fill, rx = 0, extra = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${OUT} ${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${OUT} ${extra}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = "") => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${fill}" ${OUT} ${extra}/>`;
const path = (d, fill, extra = "") => `<path d="${d}" fill="${fill}" ${OUT} ${extra}/>`;
const poly = (points, fill) => `<polygon points="${points}" fill="${fill}" ${OUT}/>`;
/** A flat band without outline (highlights and shades). */
const band = (x, y, w, h, fill, rx = 0) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}"/>`;
/** A thick pipe or hose along a path: outline, body, highlight. */
const pipe = (d, w, fill) =>
  `<path d="${d}" fill="none" stroke="${C.line}" stroke-width="${w + 6}" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round"/>`;
const hose = (d, w = 12) => pipe(d, w, C.dark);

function hexPoints(cx, cy, r, rot = 0) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = ((60 * i + rot) * Math.PI) / 180;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}
const hex = (cx, cy, r, fill, rot = 0) => poly(hexPoints(cx, cy, r, rot), fill);

/** A horizontal cylinder seen from the side: body, light band on top, shade below. */
function cylH(x, y, w, h, fill, rx = 10) {
  return rect(x, y, w, h, fill, rx) + band(x + 8, y + h * 0.18, w - 16, h * 0.14, "rgb(255 255 255 / 0.28)", 3);
}
/** A vertical cylinder: body with a light band on the left. */
function cylV(x, y, w, h, fill, rx = 10) {
  return rect(x, y, w, h, fill, rx) + band(x + w * 0.16, y + 8, w * 0.12, h - 16, "rgb(255 255 255 / 0.28)", 3);
}
/** A pressure gauge: white face, ticks, amber needle. */
function gauge(cx, cy, r, needle = -40) {
  const ticks = [];
  for (let i = 0; i <= 8; i++) {
    const a = ((135 + i * 33.75) * Math.PI) / 180;
    ticks.push(
      `<line x1="${(cx + r * 0.62 * Math.cos(a)).toFixed(1)}" y1="${(cy + r * 0.62 * Math.sin(a)).toFixed(1)}" x2="${(cx + r * 0.8 * Math.cos(a)).toFixed(1)}" y2="${(cy + r * 0.8 * Math.sin(a)).toFixed(1)}" stroke="${C.navy}" stroke-width="2"/>`,
    );
  }
  const a = ((needle - 90) * Math.PI) / 180;
  return (
    circle(cx, cy, r, C.steel) +
    `<circle cx="${cx}" cy="${cy}" r="${r - 6}" fill="${C.white}"/>` +
    ticks.join("") +
    `<line x1="${cx}" y1="${cy}" x2="${(cx + r * 0.7 * Math.cos(a)).toFixed(1)}" y2="${(cy + r * 0.7 * Math.sin(a)).toFixed(1)}" stroke="${C.amberDark}" stroke-width="4" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="4" fill="${C.navy}"/>`
  );
}
/** A handwheel valve on a stem, seen from the front. */
function valve(cx, cy, accent) {
  return rect(cx - 8, cy, 16, 34, C.steel, 3) + ellipse(cx, cy - 4, 30, 9, accent) + rect(cx - 14, cy + 30, 28, 22, C.steel300, 4);
}
/** Bolt heads around a circle. */
function boltCircle(cx, cy, r, n, size, fill = C.steel300) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    out += `<circle cx="${(cx + r * Math.cos(a)).toFixed(1)}" cy="${(cy + r * Math.sin(a)).toFixed(1)}" r="${size}" fill="${fill}" stroke="${C.line}" stroke-width="2"/>`;
  }
  return out;
}
/** A gear outline with `n` teeth. */
function gear(cx, cy, r, n, fill) {
  const pts = [];
  const inner = r * 0.84;
  for (let i = 0; i < n * 4; i++) {
    const a = (2 * Math.PI * i) / (n * 4);
    const rr = i % 4 < 2 ? r : inner;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return poly(pts.join(" "), fill) + circle(cx, cy, r * 0.3, C.hole);
}
/** Thread lines across a stud. */
function threads(x, y1, y2, w) {
  let out = "";
  for (let y = y1; y < y2; y += 9) out += `<line x1="${x}" y1="${y}" x2="${x + w}" y2="${y + 4}" stroke="${C.line}" stroke-width="2"/>`;
  return out;
}
const shadow = (cx, cy, rx, ry = 14) => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="${C.floor}"/>`;

/* ---------- the products (p: body, body2, accent colours) ---------- */

const DRAW = {
  squareDrive: (p) =>
    shadow(420, 470, 250) +
    hose("M300 236 C280 170 210 150 140 160", 10) +
    hose("M322 236 C320 150 260 118 180 112", 10) +
    rect(286, 222, 52, 26, C.steel300, 5) +
    cylH(230, 250, 330, 84, p.body, 16) +
    rect(214, 258, 26, 68, p.body2, 6) +
    rect(540, 218, 120, 150, p.body, 22) +
    band(552, 230, 96, 14, "rgb(255 255 255 / 0.25)", 4) +
    circle(600, 318, 40, p.body2) +
    rect(584, 302, 32, 32, p.accent, 3) +
    rect(620, 360, 40, 92, p.body2, 6) +
    rect(560, 430, 100, 26, p.body2, 6) +
    band(250, 300, 290, 10, p.accent, 3),

  lowProfile: (p) =>
    shadow(420, 460, 260) +
    hose("M250 232 C230 170 170 150 110 170", 10) +
    hose("M276 232 C276 150 220 120 150 118", 10) +
    rect(238, 216, 52, 24, C.steel300, 5) +
    cylV(200, 236, 140, 150, p.body, 18) +
    path("M330 262 H600 A62 62 0 0 1 600 386 H330 Z", p.body2) +
    band(340, 272, 250, 10, "rgb(255 255 255 / 0.25)", 3) +
    hex(600, 324, 40, C.hole, 30) +
    hex(600, 324, 28, "none", 30) +
    circle(380, 324, 9, C.steel300) +
    circle(450, 324, 9, C.steel300) +
    circle(520, 324, 9, C.steel300) +
    band(210, 360, 120, 12, p.accent, 3),

  pneumatic: (p) =>
    shadow(400, 470, 250) +
    hose("M222 430 C220 480 170 500 100 490", 14) +
    path("M220 330 L196 430 H252 L270 340 Z", p.body2) +
    rect(256 - 4, 336, 20, 34, p.accent, 6) +
    cylH(160, 240, 220, 100, C.steel, 26) +
    rect(372, 220, 70, 140, p.body, 10) +
    rect(440, 232, 60, 116, p.body, 10) +
    rect(498, 246, 48, 88, p.body, 10) +
    rect(544, 272, 30, 36, p.accent, 3) +
    rect(452, 346, 40, 96, p.body2, 6) +
    rect(452, 422, 130, 24, p.body2, 6) +
    band(380, 236, 54, 10, "rgb(255 255 255 / 0.25)", 3),

  torquePump: (p) =>
    shadow(400, 470, 240) +
    pipe("M206 456 V238 H594 V456", 12, p.accent) +
    rect(230, 300, 340, 150, p.body, 14) +
    band(244, 312, 312, 12, "rgb(255 255 255 / 0.22)", 4) +
    cylH(260, 238, 200, 64, C.steel, 14) +
    rect(250, 250, 16, 40, C.steel300, 3) +
    gauge(520, 272, 34) +
    circle(300, 390, 12, C.steel300) +
    circle(340, 390, 12, C.steel300) +
    hose("M300 402 C300 460 380 470 460 480", 10) +
    rect(470, 372, 70, 44, C.steel300, 6) +
    rect(220, 448, 40, 16, C.dark, 3) +
    rect(540, 448, 40, 16, C.dark, 3),

  springReturn: (p) =>
    shadow(400, 478, 170) +
    rect(392, 120, 16, 360, C.steel300, 3) +
    threads(392, 128, 200, 16) +
    rect(362, 172, 76, 40, C.steel, 6) +
    cylV(320, 210, 160, 200, p.body, 16) +
    band(332, 300, 136, 14, p.accent, 3) +
    rect(478, 250, 40, 30, C.steel300, 4) +
    rect(516, 246, 26, 38, p.accent, 5) +
    hose("M542 265 C600 265 620 320 680 330", 10) +
    path("M330 410 H470 V470 H440 V440 H360 V470 H330 Z", p.body2) +
    hex(400, 432, 14, C.steel300, 0),

  multiStage: (p) =>
    shadow(400, 482, 170) +
    rect(392, 100, 16, 380, C.steel300, 3) +
    threads(392, 106, 168, 16) +
    rect(362, 150, 76, 36, C.steel, 6) +
    cylV(318, 184, 164, 74, p.body, 12) +
    cylV(318, 256, 164, 74, p.body2, 12) +
    cylV(318, 328, 164, 74, p.body, 12) +
    rect(480, 208, 28, 26, p.accent, 4) +
    rect(480, 280, 28, 26, p.accent, 4) +
    rect(480, 352, 28, 26, p.accent, 4) +
    hose("M508 221 C560 221 570 293 508 293", 8) +
    hose("M508 293 C560 293 570 365 508 365", 8) +
    path("M326 402 H474 V474 H444 V446 H356 V474 H326 Z", C.steel),

  subsea: (p) =>
    shadow(400, 480, 170) +
    `<circle cx="160" cy="160" r="10" fill="none" stroke="${C.steel300}" stroke-width="4"/><circle cx="196" cy="118" r="6" fill="none" stroke="${C.steel300}" stroke-width="4"/><circle cx="640" cy="200" r="8" fill="none" stroke="${C.steel300}" stroke-width="4"/>` +
    path("M370 150 A30 30 0 0 1 430 150 V180 H412 V154 A12 12 0 0 0 388 154 V180 H370 Z", p.accent) +
    rect(392, 170, 16, 300, C.steel300, 3) +
    cylV(310, 190, 180, 220, p.body, 22) +
    band(322, 240, 156, 18, p.accent, 3) +
    band(322, 340, 156, 18, p.accent, 3) +
    pipe("M300 214 H270 V300", 10, C.steel) +
    hose("M490 300 C560 300 600 360 660 360", 12) +
    rect(486, 284, 30, 32, C.steel300, 5) +
    path("M318 410 H482 V472 H450 V440 H350 V472 H318 Z", p.body2),

  tensionPump: (p) =>
    shadow(400, 474, 200) +
    pipe("M290 462 V180 H510 V462", 12, p.accent) +
    rect(300, 300, 200, 156, p.body, 14) +
    band(312, 312, 176, 12, "rgb(255 255 255 / 0.22)", 4) +
    cylV(340, 196, 70, 110, C.steel, 14) +
    gauge(456, 250, 40, 30) +
    circle(340, 400, 12, C.steel300) +
    circle(380, 400, 12, C.steel300) +
    hose("M340 412 C340 470 240 470 170 462", 10) +
    hose("M380 412 C380 490 560 480 640 470", 10) +
    rect(420, 370, 60, 60, C.steel300, 6),

  nutSplitter: (p) =>
    shadow(400, 440, 260) +
    rect(130, 284, 40, 40, p.accent, 6) +
    hose("M130 304 C80 304 70 360 40 380", 10) +
    cylH(168, 266, 300, 76, p.body, 16) +
    band(190, 314, 260, 10, p.accent, 3) +
    circle(560, 304, 96, p.body2) +
    circle(560, 304, 58, C.hole) +
    hex(560, 304, 46, C.steel300, 0) +
    circle(560, 304, 20, C.hole) +
    poly("466,290 520,304 466,318", p.accent),

  flangeSpreader: (p) =>
    shadow(400, 470, 280) +
    cylH(100, 300, 220, 80, C.steel300, 4) +
    cylH(480, 300, 220, 80, C.steel300, 4) +
    rect(300, 220, 40, 240, C.steel, 6) +
    rect(460, 220, 40, 240, C.steel, 6) +
    circle(320, 244, 8, C.steel300) +
    circle(480, 244, 8, C.steel300) +
    circle(320, 436, 8, C.steel300) +
    circle(480, 436, 8, C.steel300) +
    poly("360,250 440,250 412,330 388,330", p.accent) +
    rect(350, 176, 100, 78, p.body, 12) +
    cylV(372, 96, 56, 84, p.body2, 10) +
    hose("M428 120 C500 110 560 120 620 160", 10),

  puller: (p) =>
    shadow(400, 478, 220) +
    cylV(356, 120, 88, 140, p.body, 14) +
    rect(380, 96, 40, 28, p.accent, 5) +
    hose("M420 110 C500 90 560 100 640 140", 10) +
    rect(236, 256, 328, 44, p.body2, 12) +
    path("M250 296 H290 V440 H320 V466 H250 Z", C.steel) +
    path("M550 296 H510 V440 H480 V466 H550 Z", C.steel) +
    rect(390, 300, 20, 100, C.steel300, 3) +
    poly("390,400 410,400 400,420", C.steel300) +
    rect(324, 404, 152, 62, C.steel300, 8) +
    rect(380, 418, 40, 34, C.hole, 4),

  sockets: (p) =>
    shadow(400, 470, 270) +
    rect(170, 250, 130, 210, p.body, 12) +
    ellipse(235, 250, 65, 22, p.body2) +
    hex(235, 250, 30, C.hole, 0) +
    band(186, 270, 14, 170, "rgb(255 255 255 / 0.28)", 3) +
    rect(340, 300, 110, 160, p.body, 12) +
    ellipse(395, 300, 55, 19, p.body2) +
    hex(395, 300, 25, C.hole, 0) +
    band(354, 318, 12, 124, "rgb(255 255 255 / 0.28)", 3) +
    rect(490, 340, 150, 120, p.body, 12) +
    ellipse(565, 340, 75, 24, p.body2) +
    hex(565, 340, 35, C.hole, 0) +
    band(506, 358, 14, 86, "rgb(255 255 255 / 0.28)", 3) +
    band(170, 420, 130, 10, p.accent) +
    band(340, 426, 110, 10, p.accent) +
    band(490, 430, 150, 10, p.accent),

  hydrotest: (p) =>
    shadow(400, 474, 280) +
    rect(140, 440, 520, 26, p.accent, 4) +
    pipe("M160 440 V200 H640 V440", 10, C.steel) +
    cylV(176, 240, 110, 200, p.body2, 20) +
    cylH(320, 330, 170, 90, p.body, 16) +
    rect(490, 344, 60, 62, C.steel, 8) +
    rect(560, 250, 70, 110, C.steel300, 8) +
    gauge(596, 284, 24) +
    gauge(596, 336, 18, 20) +
    pipe("M286 300 H330 V330", 10, C.steel300) +
    pipe("M550 376 H610 V440", 10, C.steel300),

  injection: (p) =>
    shadow(400, 476, 280) +
    rect(140, 446, 520, 24, p.accent, 4) +
    cylV(180, 190, 130, 256, p.body2, 22) +
    path("M180 212 Q245 150 310 212 Z", p.body2) +
    band(296, 236, 8, 180, C.hole) +
    band(296, 320, 8, 96, C.steelLight) +
    cylH(360, 330, 110, 60, p.body, 12) +
    cylH(360, 250, 110, 60, p.body, 12) +
    rect(470, 336, 34, 48, C.steel, 6) +
    rect(470, 256, 34, 48, C.steel, 6) +
    pipe("M310 420 H560 V300 H504", 8, C.steel300) +
    rect(540, 170, 100, 90, C.steel300, 8) +
    circle(570, 200, 10, p.accent) +
    circle(610, 200, 10, C.steel) +
    band(556, 228, 68, 10, C.steel),

  manifold: (p) =>
    shadow(400, 470, 290) +
    rect(170, 330, 16, 130, C.steel, 3) +
    rect(614, 330, 16, 130, C.steel, 3) +
    rect(96, 286, 30, 80, C.steel, 6) +
    cylH(120, 300, 560, 52, p.body, 12) +
    valve(220, 240, p.accent) +
    valve(340, 240, p.accent) +
    valve(460, 240, p.accent) +
    gauge(580, 232, 40) +
    rect(572, 270, 16, 32, C.steel, 2) +
    pipe("M280 352 V420", 10, C.steel300) +
    pipe("M400 352 V420", 10, C.steel300) +
    pipe("M520 352 V420", 10, C.steel300),

  coldCutting: (p) =>
    shadow(400, 520, 230) +
    circle(400, 320, 180, p.body) +
    circle(400, 320, 136, C.hole) +
    band(216, 316, 18, 8, C.mist) +
    band(566, 316, 18, 8, C.mist) +
    circle(400, 320, 100, C.steel300) +
    circle(400, 320, 78, C.mist) +
    rect(392, 210, 16, 34, C.steel, 2) +
    rect(392, 396, 16, 34, C.steel, 2) +
    rect(286, 312, 34, 16, C.steel, 2) +
    rect(480, 312, 34, 16, C.steel, 2) +
    rect(360, 120, 80, 64, p.body2, 8) +
    poly("392,184 408,184 400,220", p.accent) +
    rect(560, 220, 90, 70, p.body2, 10) +
    rect(650, 236, 30, 38, p.accent, 5) +
    hose("M680 255 C730 255 740 320 770 340", 10),

  idFacing: (p) =>
    shadow(400, 482, 300) +
    cylH(90, 280, 250, 90, C.steel300, 4) +
    rect(330, 180, 44, 290, C.steel, 6) +
    circle(352, 205, 7, C.steel300) +
    circle(352, 445, 7, C.steel300) +
    cylH(374, 304, 150, 42, C.steel, 8) +
    rect(430, 170, 36, 170, p.body, 8) +
    rect(374, 168, 92, 34, p.body2, 6) +
    poly("374,176 374,194 356,185", p.accent) +
    rect(520, 262, 120, 126, p.body, 14) +
    band(532, 274, 96, 12, "rgb(255 255 255 / 0.22)", 4) +
    rect(640, 300, 30, 50, p.accent, 5) +
    hose("M670 325 C720 325 730 400 770 420", 10),

  manualFacing: (p) =>
    shadow(400, 482, 280) +
    cylH(110, 290, 230, 80, C.steel300, 4) +
    rect(330, 200, 40, 250, C.steel, 6) +
    cylH(370, 312, 170, 36, C.steel, 8) +
    rect(420, 196, 32, 150, p.body, 8) +
    rect(370, 194, 82, 30, p.body2, 6) +
    poly("370,200 370,218 352,209", p.accent) +
    rect(540, 296, 60, 68, p.body, 10) +
    `<circle cx="640" cy="330" r="46" fill="none" stroke="${C.line}" stroke-width="12"/>` +
    `<circle cx="640" cy="330" r="46" fill="none" stroke="${p.accent}" stroke-width="6"/>` +
    pipe("M600 330 H640", 8, C.steel) +
    pipe("M640 330 L672 296", 8, C.steel) +
    rect(662, 266, 22, 40, p.accent, 8),

  spare: (p) =>
    shadow(400, 478, 230) +
    gear(330, 300, 110, 12, p.body) +
    gear(500, 370, 76, 9, p.body2) +
    path("M200 170 L250 150 L280 180 L560 440 L530 470 L250 210 L220 240 L190 210 Z", C.steel300) +
    circle(236, 196, 22, p.accent),

  topArm: (p) =>
    shadow(400, 490, 320) +
    rect(380, 380, 330, 90, C.steel300, 40) +
    rect(500, 362, 70, 24, C.steel, 6) +
    circle(440, 474, 20, C.dark) +
    circle(640, 474, 20, C.dark) +
    rect(170, 470, 60, 16, C.dark, 3) +
    pipe("M200 470 V200", 22, p.body) +
    pipe("M200 200 H430", 20, p.body) +
    pipe("M430 200 L520 290", 18, p.body2) +
    pipe("M520 290 V372", 16, p.body2) +
    cylH(110, 180, 74, 40, p.accent, 8) +
    circle(200, 200, 20, C.steel) +
    circle(430, 200, 18, C.steel) +
    circle(520, 290, 16, C.steel),

  bottomArm: (p) =>
    shadow(420, 490, 330) +
    rect(470, 240, 270, 200, C.steel300, 30) +
    rect(540, 360, 60, 56, C.steel, 8) +
    circle(520, 456, 22, C.dark) +
    circle(690, 456, 22, C.dark) +
    rect(140, 470, 70, 16, C.dark, 3) +
    pipe("M175 470 V330", 22, p.body) +
    pipe("M175 330 H330", 20, p.body) +
    pipe("M330 330 L430 420", 18, p.body2) +
    pipe("M430 420 H540", 16, p.body2) +
    pipe("M250 322 L300 270", 8, p.accent) +
    circle(175, 330, 20, C.steel) +
    circle(330, 330, 18, C.steel) +
    circle(430, 420, 16, C.steel),

  marineArm: (p) =>
    `<rect x="0" y="470" width="800" height="130" fill="${C.fluid}"/>` +
    `<path d="M0 480 q25 -10 50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0 t50 0" fill="none" stroke="${C.white}" stroke-width="4"/>` +
    path("M560 380 H800 V560 H600 Z", C.navy700) +
    band(580, 400, 220, 14, p.accent) +
    rect(620, 340, 40, 44, C.steel, 4) +
    rect(90, 450, 330, 34, C.steel, 4) +
    rect(120, 484, 20, 90, C.steel, 2) +
    rect(370, 484, 20, 90, C.steel, 2) +
    pipe("M220 450 V230", 26, p.body) +
    pipe("M220 230 L380 110", 22, p.body) +
    pipe("M380 110 L640 330", 20, p.body2) +
    pipe("M220 230 L140 290", 12, C.steel) +
    rect(100, 276, 70, 60, p.accent, 6) +
    circle(220, 230, 24, C.steel) +
    circle(380, 110, 22, C.steel) +
    circle(640, 330, 18, C.steel),

  floatingSuction: (p) =>
    `<path d="M150 150 V470 H650 V150" fill="none" stroke="${C.steel}" stroke-width="14" stroke-linejoin="round"/>` +
    `<rect x="157" y="330" width="486" height="133" fill="${C.fluid}"/>` +
    `<path d="M157 330 q20 -8 40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0 t40 0" fill="none" stroke="${C.white}" stroke-width="4"/>` +
    pipe("M420 320 L300 420 L210 440 H120", 16, p.body) +
    circle(300, 420, 14, C.steel) +
    circle(210, 440, 14, C.steel) +
    rect(104, 422, 20, 36, C.steel, 3) +
    ellipse(440, 318, 110, 26, p.accent) +
    band(350, 306, 180, 8, "rgb(255 255 255 / 0.35)", 4) +
    rect(410, 300, 60, 18, p.body2, 4),

  pdMeter: (p) =>
    shadow(400, 470, 260) +
    cylH(150, 310, 130, 50, C.steel300, 4) +
    cylH(520, 310, 130, 50, C.steel300, 4) +
    rect(270, 286, 26, 98, C.steel, 5) +
    rect(504, 286, 26, 98, C.steel, 5) +
    circle(400, 336, 108, p.body) +
    circle(400, 336, 76, p.body2) +
    boltCircle(400, 336, 92, 12, 6) +
    circle(400, 336, 18, p.accent) +
    rect(380, 222, 40, 20, C.steel, 3) +
    rect(320, 150, 160, 78, p.body2, 10) +
    rect(340, 170, 120, 36, C.white, 4) +
    band(350, 180, 20, 16, C.navy, 2) +
    band(376, 180, 20, 16, C.navy, 2) +
    band(402, 180, 20, 16, C.navy, 2) +
    band(428, 180, 20, 16, p.accent, 2),

  gravityMeter: (p) =>
    shadow(400, 482, 290) +
    rect(130, 450, 540, 22, C.steel, 4) +
    cylV(160, 220, 100, 230, p.body2, 18) +
    `<path d="M210 220 V150 C210 110 150 110 120 110" fill="none" stroke="${C.line}" stroke-width="30" stroke-linecap="round"/>` +
    `<path d="M210 220 V150 C210 110 150 110 120 110" fill="none" stroke="${C.dark}" stroke-width="24" stroke-linecap="round" stroke-dasharray="10 6"/>` +
    pipe("M260 380 H330", 30, C.steel300) +
    circle(420, 360, 90, p.body) +
    circle(420, 360, 62, p.body2) +
    boltCircle(420, 360, 76, 10, 5) +
    rect(370, 220, 100, 60, p.body2, 8) +
    rect(386, 234, 68, 30, C.white, 4) +
    band(394, 242, 14, 14, C.navy, 2) +
    band(414, 242, 14, 14, C.navy, 2) +
    band(434, 242, 14, 14, p.accent, 2) +
    pipe("M510 380 H640 V450", 30, C.steel300) +
    circle(600, 380, 16, p.accent),
};

/** Image ids per product type (1 to 59; the fluid transfer products have 48 to 59). */
const ASSIGNMENT = [
  ["squareDrive", [1, 2, 3], [560, 310]],
  ["lowProfile", [4, 5, 6], [600, 324]],
  ["pneumatic", [7, 8], [520, 300]],
  ["torquePump", [9, 10], [500, 290]],
  ["springReturn", [11, 12], [420, 280]],
  ["multiStage", [13, 14], [420, 290]],
  ["subsea", [15, 16], [400, 260]],
  ["tensionPump", [17, 18], [420, 260]],
  ["nutSplitter", [19, 20], [560, 304]],
  ["flangeSpreader", [21, 22], [400, 280]],
  ["puller", [23, 24], [400, 380]],
  ["sockets", [25, 26], [395, 320]],
  ["hydrotest", [27, 28, 29], [560, 310]],
  ["injection", [30, 31, 32], [300, 300]],
  ["manifold", [33, 34, 35], [400, 280]],
  ["coldCutting", [36, 37, 38], [400, 220]],
  ["idFacing", [39, 40, 41], [380, 220]],
  ["manualFacing", [42, 43, 44], [600, 320]],
  ["spare", [45, 46, 47], [330, 300]],
  ["topArm", [48, 49], [430, 250]],
  ["bottomArm", [50, 51], [400, 380]],
  ["marineArm", [52, 53], [400, 200]],
  ["floatingSuction", [54, 55], [400, 340]],
  ["pdMeter", [56, 57], [400, 260]],
  ["gravityMeter", [58, 59], [420, 320]],
];

/**
 * The three views of a product: 0 the product on mist with an amber halo;
 * 1 mirrored and tilted, steel body, on a white grid; 2 a close-up detail on
 * a striped background inside an amber focus ring.
 */
const VIEWS = [
  {
    colours: { body: C.navy700, body2: C.steel, accent: C.amber },
    background:
      `<rect width="${W}" height="${H}" fill="${C.mist}"/>` +
      `<circle cx="400" cy="300" r="250" fill="${C.white}"/>` +
      `<path d="M${W} 0 V180 A180 180 0 0 1 ${W - 180} 0 Z" fill="${C.amber}"/>`,
    transform: () => "",
  },
  {
    colours: { body: C.steel, body2: C.navy700, accent: C.amber },
    background:
      `<rect width="${W}" height="${H}" fill="${C.white}"/>` +
      `<path d="${Array.from({ length: 19 }, (_, i) => `M${i * 44} 0 V${H}`).join(" ")} ${Array.from({ length: 14 }, (_, i) => `M0 ${i * 44} H${W}`).join(" ")}" stroke="#e6ebf1" stroke-width="2"/>` +
      `<rect x="0" y="${H - 16}" width="${W}" height="16" fill="${C.navy700}"/>`,
    // Scenes (water, tanks) are mirrored only: a tilted water line would look wrong.
    transform: (_focus, scene) =>
      scene ? `translate(${W} 0) scale(-1 1)` : `translate(400 300) rotate(-6) scale(-0.94 0.94) translate(-400 -300)`,
  },
  {
    colours: { body: C.navy700, body2: C.steelLight, accent: C.amber },
    background:
      `<rect width="${W}" height="${H}" fill="#e7ecf2"/>` +
      `<path d="${Array.from({ length: 30 }, (_, i) => `M${i * 60 - 600} ${H} L${i * 60} 0`).join(" ")}" stroke="#dbe2ea" stroke-width="14"/>`,
    transform: ([fx, fy]) => `translate(400 300) scale(1.75) translate(${-fx} ${-fy})`,
    overlay: `<circle cx="400" cy="300" r="262" fill="none" stroke="${C.amber}" stroke-width="10"/><circle cx="400" cy="300" r="248" fill="none" stroke="${C.white}" stroke-width="4"/>`,
  },
];

/** Drawings set in a scene with a level water line. */
const SCENES = new Set(["marineArm", "floatingSuction"]);

function drawing(type, view, focus) {
  const v = VIEWS[view];
  const body = DRAW[type](v.colours);
  const t = v.transform(focus, SCENES.has(type));
  return svgDoc(W, H, `${v.background}<g${t ? ` transform="${t}"` : ""}>${body}</g>${v.overlay ?? ""}`);
}

export default ASSIGNMENT.flatMap(([type, ids, focus]) =>
  ids.map((id, view) => ({
    file: `products/${id}.png`,
    width: W,
    height: H,
    svg: () => drawing(type, view, focus),
  })),
);
