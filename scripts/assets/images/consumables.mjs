import { palette, svgDoc } from "../lib/svg.mjs";

/**
 * Consumables of the split frame cold cutting machine: side views of the
 * cutting and bevel tool bits (data/products/split-frame-cold-cutting-machine.json),
 * each with its cutting angle marked by a reference line and an arc. Line
 * drawings, navy on white, no text.
 */

const W = 480;
const H = 240;
/** The bar of the tool bit: shank on the left, cutting end on the right. */
const LEFT = 40;
const TOP = 70;
const HEIGHT = 100;
const BOTTOM = TOP + HEIGHT;
/** x of the cutting edge (bottom right corner of the bit). */
const TIP = 410;
const STROKE = `stroke="${palette.navy}" stroke-width="8" stroke-linejoin="round" stroke-linecap="round" fill="none"`;
const THIN = `stroke="${palette.steel}" stroke-width="4" stroke-dasharray="12 8" fill="none"`;
const ARC = `stroke="${palette.navy}" stroke-width="5" fill="none"`;

const rad = (deg) => (deg * Math.PI) / 180;
const f = (x) => Math.round(x * 10) / 10;

/**
 * The ground face of the cutting end, from the cutting edge at the bottom
 * upwards: segments of [height, angle from the vertical in degrees].
 * Returns the points of the face, bottom first.
 */
function face(segments) {
  const points = [[TIP, BOTTOM]];
  let [x, y] = [TIP, BOTTOM];
  for (const [h, deg] of segments) {
    x -= h * Math.tan(rad(deg));
    y -= h;
    points.push([x, y]);
  }
  return points;
}

/** The outline of a tool bit whose cutting end is ground as `segments`. */
function bit(segments, { square = false } = {}) {
  const pts = face(segments);
  const topRight = pts[pts.length - 1];
  const outline = [
    `M${LEFT + 10} ${TOP}`,
    `L${f(topRight[0])} ${f(topRight[1])}`,
    ...pts
      .slice(0, -1)
      .reverse()
      .map(([x, y]) => `L${f(x)} ${f(y)}`),
    `L${LEFT + 10} ${BOTTOM}`,
    `L${LEFT} ${BOTTOM - 10}`,
    `L${LEFT} ${TOP + 10}`,
    "Z",
  ].join(" ");
  // Clearance line along the bar and the cutting edge point.
  const details = `<path d="M${LEFT + 10} ${TOP + HEIGHT / 2} H${f(Math.min(...pts.map((p) => p[0])) - 30)}" stroke="${palette.steel300}" stroke-width="4" fill="none"/>
    <circle cx="${TIP}" cy="${BOTTOM}" r="8" fill="${palette.navy}"/>`;

  let marks = "";
  if (square) {
    // Square end: a right-angle mark between the face and the bottom edge.
    const s = 22;
    marks = `<path d="M${TIP - s} ${BOTTOM} V${BOTTOM - s} H${TIP}" ${ARC}/>
      <path d="M${TIP} ${BOTTOM} V${BOTTOM + 30}" ${THIN}/>`;
  } else {
    // A vertical reference line through the cutting edge and the face angle(s) against it.
    marks = `<path d="M${TIP} ${TOP - 30} V${BOTTOM + 30}" ${THIN}/>`;
    let [x, y] = [TIP, BOTTOM];
    segments.forEach(([h, deg], i) => {
      const nx = x - h * Math.tan(rad(deg));
      const ny = y - h;
      // A reference line through the start of each further facet, and an arc from it to the facet.
      if (i > 0) marks += `<path d="M${f(x)} ${f(y)} V${f(y - 60)}" ${THIN}/>`;
      const r = i === 0 ? 70 : 36;
      marks += `<path d="M${f(x)} ${f(y - r)} A${r} ${r} 0 0 0 ${f(x - r * Math.sin(rad(deg)))} ${f(y - r * Math.cos(rad(deg)))}" ${ARC}/>`;
      x = nx;
      y = ny;
    });
  }
  return svgDoc(
    W,
    H,
    `<rect width="${W}" height="${H}" fill="${palette.white}"/>
     <path d="${outline}" ${STROKE}/>
     ${details}
     ${marks}`,
  );
}

/** Tools in the order of the data file: 90°, 37.5°, 30°, 10° × 37.5°, 10° × 30.5°. */
const tools = [
  () => bit([[HEIGHT, 0]], { square: true }),
  () => bit([[HEIGHT, 37.5]]),
  () => bit([[HEIGHT, 30]]),
  () => bit([
    [40, 10],
    [HEIGHT - 40, 37.5],
  ]),
  () => bit([
    [40, 10],
    [HEIGHT - 40, 30.5],
  ]),
];

export default tools.map((svg, i) => ({ file: `consumables/tool-${i + 1}.png`, width: W, height: H, svg }));
