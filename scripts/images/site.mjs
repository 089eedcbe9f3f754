import { palette, svgDoc, gradientBg } from "../lib/svg.mjs";

/** Site-wide images: the social-card image used by Open Graph. */
export default [
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
