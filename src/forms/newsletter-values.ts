/* The newsletter's values, apart from values.ts: the footer's sign-up is on every page and bundles only these. */

/** The first sign-up sends news_letter (spec section 9)... */
export const NEWSLETTER_INITIAL = { email: "", mailType: "news_letter" };
/** ...and after a success the form resets mailType to newsletter. */
export const NEWSLETTER_RESET = { email: "", mailType: "newsletter" };
