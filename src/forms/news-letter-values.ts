/* The newsletter's values, apart from values.ts: the footer's sign-up is on every page and bundles only these. */

/** The first sign-up sends the form's own mail type, news_letter... */
export const NEWS_LETTER_INITIAL = { email: "", mailType: "news_letter" };
/** ...and after a success the form resets mailType to newsletter, which the contract accepts for the same form. */
export const NEWS_LETTER_RESET = { email: "", mailType: "newsletter" };
