import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/** The company mark of the header (src/components/Logo.tsx), for icons. */
const mark = (size) =>
  svgDoc(
    size,
    size,
    `<svg viewBox="0 0 40 40" width="${size}" height="${size}"><rect width="40" height="40" rx="8" fill="${palette.navy}"/>
     <path d="M8 28 20 8l12 20H8Z" fill="none" stroke="${palette.amber}" stroke-width="3" stroke-linejoin="round"/>
     <circle cx="20" cy="22" r="3.5" fill="${palette.white}"/></svg>`,
  );

/**
 * The mark on a full navy square, its drawing inside the central 80 % (the
 * safe zone of a maskable icon, which a home screen may crop to a circle).
 */
const maskableMark = (size) =>
  svgDoc(
    size,
    size,
    `<svg viewBox="0 0 40 40" width="${size}" height="${size}"><rect width="40" height="40" fill="${palette.navy}"/>
     <g transform="translate(6 6) scale(0.7)"><path d="M8 28 20 8l12 20H8Z" fill="none" stroke="${palette.amber}" stroke-width="3" stroke-linejoin="round"/>
     <circle cx="20" cy="22" r="3.5" fill="${palette.white}"/></g></svg>`,
  );

/**
 * Site-wide images: the social-card image used by Open Graph, and the icons
 * (favicon.ico, apple-touch-icon, and the web app manifest's 192 and 512 px
 * icons, see scripts/build/service-worker.mjs).
 */
export default [
  { file: "site/icon-32.png", width: 32, height: 32, svg: () => mark(32) },
  { file: "site/icon-180.png", width: 180, height: 180, svg: () => mark(180) },
  { file: "site/icon-192.png", width: 192, height: 192, svg: () => mark(192) },
  { file: "site/icon-512.png", width: 512, height: 512, svg: () => mark(512) },
  { file: "site/icon-maskable-512.png", width: 512, height: 512, svg: () => maskableMark(512) },
  {
    file: "site/og-card.png",
    width: 1200,
    height: 630,
    svg: () =>
      svgDoc(
        1200,
        630,
        `${gradientBg(1200, 630, palette.navy, palette.navy700)}
         <path d="M480 440 600 200l120 240H480Z" fill="none" stroke="${palette.amber}" stroke-width="24" stroke-linejoin="round"/>
         <circle cx="600" cy="370" r="28" fill="${palette.white}"/>`,
      ),
  },
];
