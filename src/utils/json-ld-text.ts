/**
 * Serialises JSON-LD for a <script> element: "<" escaped so no text can close
 * the element. Its own module, so that a page's Head that renders structured
 * data worked out at build time (src/components/JsonLd.tsx) brings nothing
 * else into the page's JavaScript.
 */
export function jsonLdText(data: Record<string, unknown>): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
