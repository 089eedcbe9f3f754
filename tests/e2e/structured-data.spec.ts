/**
 * What search engines read on the built /careers and /contact: the schema.org
 * JSON-LD in the served HTML (made at build time: no script builds it in the
 * browser), checked against the data files it comes from. One JobPosting per
 * opening of data/careers.json, the organisation with one ContactPoint per
 * contact card of data/contact.json; the counts are the data's.
 */
import { expect, test, type APIRequestContext } from "@playwright/test";
import careers from "../../data/careers.json";
import company from "../../data/company.json";
import contact from "../../data/contact.json";

type JsonLd = Record<string, unknown> & { "@type"?: string };
type Role = (typeof careers.openings.roles)[number] & { validThrough?: string; location?: string };

const SITE = company.siteUrl.replace(/\/+$/, "");

/** The JSON-LD blocks of a page as the server sends it. */
async function jsonLdOf(request: APIRequestContext, path: string): Promise<JsonLd[]> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

test("/careers publishes one JobPosting per opening of data/careers.json, from its data", async ({ request }) => {
  const roles = careers.openings.roles as Role[];
  const postings = (await jsonLdOf(request, "/careers")).filter((block) => block["@type"] === "JobPosting");
  expect(postings).toHaveLength(roles.length);
  for (const [i, role] of roles.entries()) {
    const posting = postings[i];
    expect(posting).toMatchObject({
      "@context": "https://schema.org",
      title: role.title,
      datePosted: role.datePosted,
      employmentType: role.employmentType,
      url: `${SITE}/careers`,
      directApply: true,
      hiringOrganization: { "@type": "Organization", name: company.name, sameAs: SITE },
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressCountry: expect.any(String) } },
    });
    expect(posting.validThrough).toBe(role.validThrough);
    if (!role.location) {
      expect(posting.jobLocation).toEqual({ "@type": "Place", address: { "@type": "PostalAddress", addressLocality: company.address.locality, addressCountry: company.address.country } });
    }
    expect(String(posting.description)).toContain(role.description.replace(/&/g, "&amp;"));
  }
  // The logo the postings name is served by the site.
  const logo = String((postings[0].hiringOrganization as { logo: string }).logo);
  expect(logo.startsWith(`${SITE}/`)).toBe(true);
  const image = await request.get(logo.slice(SITE.length));
  expect(image.status()).toBe(200);
  expect(image.headers()["content-type"]).toBe("image/png");
});

test("/contact publishes the organisation with one ContactPoint per contact card of data/contact.json", async ({ request }) => {
  const organisations = (await jsonLdOf(request, "/contact")).filter((block) => block["@type"] === "Organization");
  expect(organisations).toHaveLength(1);
  const [organisation] = organisations;
  expect(organisation).toMatchObject({ "@context": "https://schema.org", name: company.name, url: SITE, email: company.email, telephone: company.phone });
  // Each card's title and e-mail, and nothing the cards do not give.
  expect(organisation.contactPoint).toEqual(contact.contactCards.map((card) => ({ "@type": "ContactPoint", contactType: card.title, email: card.email })));
});

test("the structured data is in the page as served, not made by a script: the same blocks with JavaScript off", async ({ browser, request }) => {
  const served = await jsonLdOf(request, "/careers");
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto("/careers");
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks.map((text) => JSON.parse(text))).toEqual(served);
  } finally {
    await context.close();
  }
});
