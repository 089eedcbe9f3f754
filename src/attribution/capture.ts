/**
 * Where the visit came from, kept by the browser for the visit: on the first
 * page of a visit (gatsby-browser.tsx, onClientEntry), the landing page's
 * path, the referring site's origin (only when it is another site than ours)
 * and the landing address's utm_* parameters go to sessionStorage under
 * ATTRIBUTION_KEY: no cookie, no third party, gone when the tab closes. A later
 * page of the visit (a reload included) never overwrites them.
 *
 * It runs in every route's first load, so it only keeps the raw values;
 * src/attribution/attribution.ts makes them fit the contract when a form is sent.
 */
export const ATTRIBUTION_KEY = "lead-attribution";

/** The campaign parameters kept, as utm_<name>. */
export const CAMPAIGN = ["source", "medium", "campaign", "term", "content"];

export function captureAttribution(): void {
  try {
    const storage = sessionStorage;
    if (storage.getItem(ATTRIBUTION_KEY) !== null) return;
    const here = location;
    const kept: Record<string, string> = { landingPage: here.pathname };
    if (document.referrer) {
      const origin = new URL(document.referrer).origin;
      if (origin !== here.origin) kept.referrer = origin;
    }
    const query = new URLSearchParams(here.search);
    for (const name of CAMPAIGN) {
      const value = query.get(`utm_${name}`);
      if (value) kept[`utm_${name}`] = value;
    }
    storage.setItem(ATTRIBUTION_KEY, JSON.stringify(kept));
  } catch {
    // No sessionStorage (a privacy mode throws), a full one, or an unreadable referrer: the visit goes unattributed.
  }
}
