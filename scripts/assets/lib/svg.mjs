/** Small helpers for the drawings in scripts/assets/images/. */

export const palette = {
  navy: "#0b1f3a",
  navy700: "#13305a",
  steel: "#4a5a70",
  steel300: "#c5cfdc",
  mist: "#f3f5f8",
  amber: "#f2a900",
  white: "#ffffff",
};

/** Escapes text for use inside SVG markup. */
export function esc(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]);
}

/** An SVG document of the given size around `body`. */
export function svgDoc(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
}

/** A vertical gradient background. */
export function gradientBg(width, height, from, to, id = "bg") {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="${width}" height="${height}" fill="url(#${id})"/>`;
}
