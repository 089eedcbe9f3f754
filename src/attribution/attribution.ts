/**
 * The attribution a form sends (the contract's `Attribution`), from what
 * src/attribution/capture.ts kept for the visit and the page the form is sent
 * from. Every value is made to fit the contract, or left out, so that where
 * the lead came from never gets the lead itself refused (400):
 *
 * - a page (SitePath): its query and fragment dropped, every character the
 *   pattern does not allow percent-encoded (a lone `%` too), cut to
 *   maxLength without splitting an escape; only a path starting with `/`;
 * - the referrer: its origin (scheme, host, port), when it has one the
 *   pattern allows (not `android-app://...`, not an IPv6 host);
 * - a campaign value (CampaignValue): one line of visible text, control and
 *   separator characters turned into spaces, bidirectional and invisible ones
 *   removed, `=?` split, cut to maxLength (code points, as ajv counts).
 *
 * Each value is then checked with the form's own rule for it
 * (`schema.properties.attribution` of its form rules) and left out if it still
 * breaks it; without anything left, there is no attribution.
 *
 * Loaded only when a form is focused or sent (src/attribution/load.ts): it is
 * no part of any page's first load.
 */
import type { components } from "../contract/schema";
import { isValidValue, type SchemaRule } from "../forms/validation";
import { ATTRIBUTION_KEY, CAMPAIGN } from "./capture";

export type Attribution = components["schemas"]["Attribution"];

/** Lone surrogates (a pair is one code point under the u flag). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;

/** A page as the contract's SitePath (`/contact`), cut to `max` characters (the rule's maxLength), or undefined. */
export function sitePath(value: unknown, max = Infinity): string | undefined {
  if (typeof value !== "string") return undefined;
  const path = value
    .trim()
    .replace(/[?#][\s\S]*$/, "")
    .replace(LONE_SURROGATE, "")
    .replace(/%(?![0-9A-Fa-f]{2})/g, "%25")
    .replace(/[^A-Za-z0-9._~!$&'()*+,;=:@%/-]/gu, encodeURIComponent)
    .slice(0, max)
    .replace(/%[0-9A-Fa-f]?$/, "");
  return path.startsWith("/") ? path : undefined;
}

/** The origin of an address (`https://www.google.com`), or undefined. */
export function siteOrigin(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return undefined;
  }
}

/** A campaign parameter as one line of visible text of at most `max` code points (the rule's maxLength), or undefined. */
export function campaignValue(value: unknown, max = Infinity): string | undefined {
  if (typeof value !== "string") return undefined;
  const line = value
    .replace(LONE_SURROGATE, "")
    .replace(/[\u00AD\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u206F\uFEFF\uFFF9-\uFFFB]/g, "")
    // eslint-disable-next-line no-control-regex -- control characters are what is replaced
    .replace(/[\s\u0000-\u001F\u007F-\u009F]+/g, " ")
    .replace(/=\?/g, "= ?")
    .trim();
  const cut = Array.from(line).slice(0, max).join("").trim();
  return cut === "" ? undefined : cut;
}

/**
 * The attribution to send: the kept values (as capture.ts stores them) and
 * `page`, each made to fit `rule` (the form rules' `schema.properties.attribution`)
 * or left out; undefined when nothing is left or the form takes no attribution.
 */
export function sanitizeAttribution(kept: unknown, page: unknown, rule: SchemaRule | undefined): Attribution | undefined {
  const properties = rule?.properties;
  if (!properties) return undefined;
  const raw = typeof kept === "object" && kept !== null && !Array.isArray(kept) ? (kept as Record<string, unknown>) : {};
  // Each value cut to its own rule's maxLength: the contract says how long, not this file.
  const max = (name: string) => properties[name]?.maxLength;
  const candidates: Record<string, string | undefined> = {
    landingPage: sitePath(raw.landingPage, max("landingPage")),
    referrer: siteOrigin(raw.referrer),
  };
  for (const name of CAMPAIGN) candidates[`utm_${name}`] = campaignValue(raw[`utm_${name}`], max(`utm_${name}`));
  candidates.page = sitePath(page, max("page"));

  const attribution: Record<string, string> = {};
  for (const [name, value] of Object.entries(candidates)) {
    const property = properties[name];
    if (value !== undefined && property && isValidValue(property, value)) attribution[name] = value;
  }
  return Object.keys(attribution).length > 0 ? (attribution as Attribution) : undefined;
}

/** The attribution of a form sent now from `page` (this page's path), from what the visit kept; never throws. */
export function readAttribution(rule: SchemaRule | undefined, page: string = location.pathname): Attribution | undefined {
  let kept: unknown;
  try {
    kept = JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) ?? "null");
  } catch {
    kept = undefined; // no sessionStorage, or not JSON: only the page is known
  }
  return sanitizeAttribution(kept, page, rule);
}
