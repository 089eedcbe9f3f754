/**
 * The productName of an order upload: the product's slug with dashes turned
 * into spaces, upper-cased
 * ("top-loading-arms" -> "TOP LOADING ARMS").
 */
export function productNameFromSlug(slug: string): string {
  return slug.trim().replace(/-/g, " ").toUpperCase();
}
