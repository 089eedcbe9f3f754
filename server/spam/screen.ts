/**
 * The content checks of the spam defence: things a person filling in the
 * site's forms does not write, found without any third party. Each finding is
 * a reason recorded with the quarantined submission; none refuses it.
 *
 * - `honeypot`: the hidden spam-trap field (`altContact`) has a value. People
 *   never see it; password managers and autofill have no reason to fill it.
 * - `link_in_name`: a web address in a name, company or job field
 *   ("http://", "https://", "www.", a domain under a top-level domain spam
 *   favours like "cheap-pills.shop"; in a person's name any bare domain too:
 *   a company may be called "Example.com Ltd").
 * - `markup_in_name`: HTML or BBCode in those fields ("<a", "[url=").
 * - `markup_in_text`: HTML links or BBCode links in a message or comment.
 * - `link_stuffed`: a message or comment with more links than an enquiry has
 *   (more than `MAX_LINKS_IN_TEXT`).
 *
 * Names in every script, accents, apostrophes, hyphens, dots of initials and
 * e-mail addresses in messages pass.
 */

/** The spam-trap field of every form body (the contract's SpamTrap). */
export const HONEYPOT_FIELD = "altContact";

/** Fields that hold a name, a company or a job: a person writes no address or markup there. */
const NAME_FIELDS = new Set(["firstName", "lastName", "fullName", "companyName", "jobRole", "nationality", "countryName", "productName"]);
/** Fields that hold a person's name. */
const PERSON_FIELDS = new Set(["firstName", "lastName", "fullName"]);
/** Free-text fields. */
const TEXT_FIELDS = new Set(["message", "comments", "experience", "expertise", "availability", "note"]);

/** Links a message may carry before it counts as link-stuffed. */
export const MAX_LINKS_IN_TEXT = 3;

const LINK = /\bhttps?:\/\/|\bwww\.[^\s.]/i;
/** A bare domain: a dot between letters and a common top-level domain at a word's end ("buy.example.shop"). */
const BARE_DOMAIN = /\b[a-z0-9-]+\.(?:com|net|org|info|biz|ru|cn|xyz|top|shop|site|online|club|io|co|me|link|click|store|app)\b/i;
/** A domain under a top-level domain spam favours ("cheap-pills.shop", "buy.followers.top"): no company is called that. */
const SPAM_DOMAIN = /\b[a-z0-9-]+\.(?:xyz|top|shop|site|online|club|click|link|store|ru|cn|biz|info|icu|buzz|live|fun|space|website)\b/i;
const NAME_MARKUP = /<\s*\/?\s*[a-z!]|\[\/?(?:url|link|img)\b/i;
const TEXT_MARKUP = /<\s*a\s[^>]*href|\[url[=\]]|\[link[=\]]/i;
const LINKS_IN_TEXT = /\bhttps?:\/\/|\bwww\./gi;

function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === "object" && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The reasons the body's content looks like spam (empty: none). The body is the validated one, files aside. */
export function screenContent(body: Record<string, unknown>): string[] {
  const reasons = new Set<string>();
  const trap = body[HONEYPOT_FIELD];
  if (typeof trap === "string" && trap.trim() !== "") reasons.add("honeypot");
  for (const [field, value] of Object.entries(body)) {
    if (field === HONEYPOT_FIELD) continue;
    if (NAME_FIELDS.has(field)) {
      for (const text of strings(value)) {
        if (LINK.test(text) || SPAM_DOMAIN.test(text) || (PERSON_FIELDS.has(field) && BARE_DOMAIN.test(text))) reasons.add("link_in_name");
        if (NAME_MARKUP.test(text)) reasons.add("markup_in_name");
      }
    } else if (TEXT_FIELDS.has(field) || field === "items") {
      for (const text of strings(value)) {
        if (TEXT_MARKUP.test(text)) reasons.add("markup_in_text");
        if ((text.match(LINKS_IN_TEXT) ?? []).length > MAX_LINKS_IN_TEXT) reasons.add("link_stuffed");
      }
    }
  }
  return [...reasons];
}
