/** Google Maps embed (no API key): the page loads it only when the visitor asks. */
export const MAP_EMBED_BASE = "https://www.google.com/maps";

/**
 * The iframe src of the embedded map for a place, e.g.
 * mapEmbedUrl("Abu Dhabi, United Arab Emirates") ->
 * "https://www.google.com/maps?q=Abu%20Dhabi%2C%20United%20Arab%20Emirates&output=embed".
 */
export function mapEmbedUrl(query: string): string {
  const place = query.trim();
  if (place === "") throw new Error("mapEmbedUrl: the place to show is empty");
  return `${MAP_EMBED_BASE}?q=${encodeURIComponent(place)}&output=embed`;
}
