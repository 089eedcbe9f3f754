/**
 * The structured data of /careers (one schema.org JobPosting per opening) and
 * /contact (the organisation with one ContactPoint per contact card), as
 * gatsby-node.ts puts it in the pages' context: from the data files
 * themselves, in the shapes search engines read (checked with JSON Schemas of
 * the properties they require), with nothing the data does not give.
 */
import fs from "fs";
import os from "os";
import path from "path";
import Ajv from "ajv/dist/2020";
import { COMPANY_LOGO, pageStructuredData } from "../../src/build/page-structured-data";
import { contactPoints, jobAddress, jobPosting, jsonLdText, type RoleForSchema } from "../../src/utils/structured-data";

const DATA = path.resolve(__dirname, "../../data");
const read = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(DATA, file), "utf8")) as T;
const company = read<{ name: string; siteUrl: string; address: { locality: string; country: string } }>("company.json");
const careers = read<{ openings: { responsibilitiesLabel: string; roles: RoleForSchema[] } }>("careers.json");
const contact = read<{ contactCards: { title: string; email: string }[] }>("contact.json");
const SITE = company.siteUrl.replace(/\/+$/, "");

// strictRequired off: "one of email or telephone" names properties its branches do not define themselves.
const ajv = new Ajv({ strict: true, strictRequired: false, allErrors: true });
const text = { type: "string", minLength: 1 };
const day = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" };
const absoluteUrl = { type: "string", pattern: "^https?://" };
const postalAddress = {
  type: "object",
  required: ["@type", "addressCountry"],
  properties: { "@type": { const: "PostalAddress" }, addressLocality: text, addressCountry: text },
  additionalProperties: false,
};
/** What Google's job search requires of a JobPosting (and the recommended fields this site gives). */
const validJobPosting = ajv.compile({
  type: "object",
  required: ["@context", "@type", "title", "description", "datePosted", "employmentType", "hiringOrganization", "jobLocation", "directApply", "url"],
  properties: {
    "@context": { const: "https://schema.org" },
    "@type": { const: "JobPosting" },
    title: text,
    description: text,
    datePosted: day,
    validThrough: day,
    employmentType: { enum: ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "PER_DIEM", "OTHER"] },
    url: absoluteUrl,
    hiringOrganization: {
      type: "object",
      required: ["@type", "name", "sameAs"],
      properties: { "@type": { const: "Organization" }, name: text, sameAs: absoluteUrl, logo: absoluteUrl },
      additionalProperties: false,
    },
    jobLocation: {
      type: "object",
      required: ["@type", "address"],
      properties: { "@type": { const: "Place" }, address: postalAddress },
      additionalProperties: false,
    },
    directApply: { type: "boolean" },
  },
  additionalProperties: false,
});
const validContactPage = ajv.compile({
  type: "object",
  required: ["@context", "@type", "name", "url", "contactPoint"],
  properties: {
    "@context": { const: "https://schema.org" },
    "@type": { const: "Organization" },
    name: text,
    url: absoluteUrl,
    contactPoint: {
      type: "array",
      items: {
        type: "object",
        required: ["@type", "contactType"],
        anyOf: [{ required: ["email"] }, { required: ["telephone"] }],
        properties: { "@type": { const: "ContactPoint" }, contactType: text, email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+$" }, telephone: text },
      },
    },
  },
});

describe("/careers: one JobPosting per opening of data/careers.json", () => {
  const postings = pageStructuredData(DATA, "/careers") ?? [];

  it("publishes as many JobPostings as the data has roles, each valid, in the data's order", () => {
    expect(postings).toHaveLength(careers.openings.roles.length);
    for (const posting of postings) expect({ posting, errors: validJobPosting(posting) ? [] : validJobPosting.errors }).toEqual({ posting, errors: [] });
    expect(postings.map((p) => p.title)).toEqual(careers.openings.roles.map((role) => role.title));
  });

  it("takes each role's dates, employment type and words from the data; the company from data/company.json", () => {
    careers.openings.roles.forEach((role, i) => {
      const posting = postings[i];
      expect(posting).toMatchObject({ datePosted: role.datePosted, employmentType: role.employmentType, url: `${SITE}/careers`, directApply: true });
      expect("validThrough" in posting).toBe(Boolean(role.validThrough));
      expect(posting.hiringOrganization).toEqual({ "@type": "Organization", name: company.name, sameAs: SITE, logo: `${SITE}${COMPANY_LOGO}` });
      const description = String(posting.description);
      expect(description).toContain(role.description.replace(/&/g, "&amp;"));
      for (const item of role.responsibilities) expect(description).toContain(`<li>${item.replace(/&/g, "&amp;")}</li>`);
    });
  });

  it("places a role without a location of its own at the company's address", () => {
    const role = careers.openings.roles.find((r) => !r.location) ?? { ...careers.openings.roles[0], location: undefined };
    expect(jobAddress(role, company)).toEqual({ "@type": "PostalAddress", addressLocality: company.address.locality, addressCountry: company.address.country });
  });

  it("a role's own location, a validThrough and markup in its words", () => {
    const role: RoleForSchema = {
      ...careers.openings.roles[0],
      location: "Ruwais, United Arab Emirates",
      validThrough: "2027-01-31",
      description: "Pumps <b>&</b> wrenches",
      responsibilities: ["Quote < 10 days"],
    };
    const posting = jobPosting({ ...company, logo: "https://cdn.example.org/logo.png" }, role, { path: "/careers", responsibilitiesLabel: "Key responsibilities", directApply: false });
    expect(validJobPosting(posting)).toBe(true);
    expect(posting).toMatchObject({
      validThrough: "2027-01-31",
      directApply: false,
      jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Ruwais", addressCountry: "United Arab Emirates" } },
      hiringOrganization: { logo: "https://cdn.example.org/logo.png" },
      description: "<p>Pumps &lt;b&gt;&amp;&lt;/b&gt; wrenches</p><p>Key responsibilities:</p><ul><li>Quote &lt; 10 days</li></ul>",
    });
    // In the page's script element, no text can close it.
    expect(jsonLdText(posting)).not.toContain("<");
  });

  it("a location without a country names the locality alone, never a country it does not give", () => {
    expect(jobAddress({ location: "Ruwais" }, company)).toEqual({ "@type": "PostalAddress", addressLocality: "Ruwais" });
  });
});

describe("/contact: the organisation with one ContactPoint per contact card of data/contact.json", () => {
  const [organisation] = pageStructuredData(DATA, "/contact") ?? [];

  it("is the company with as many contact points as the data has cards, each the card's title and e-mail", () => {
    expect({ valid: validContactPage(organisation), errors: validContactPage.errors ?? [] }).toEqual({ valid: true, errors: [] });
    expect(organisation).toMatchObject({ name: company.name, url: SITE });
    expect(organisation.contactPoint).toEqual(contact.contactCards.map((card) => ({ "@type": "ContactPoint", contactType: card.title, email: card.email })));
  });

  it("publishes a card's telephone, area and languages only when the card gives them", () => {
    expect(contactPoints([{ title: "Sales", email: "sales@example.com", telephone: "+971 2 000 0001", areaServed: ["AE", "OM"], availableLanguage: ["English", "Arabic"] }])).toEqual([
      { "@type": "ContactPoint", contactType: "Sales", email: "sales@example.com", telephone: "+971 2 000 0001", areaServed: ["AE", "OM"], availableLanguage: ["English", "Arabic"] },
    ]);
    expect(contactPoints([{ title: "Service", email: "service@example.com", telephone: "", areaServed: [], availableLanguage: null }])).toEqual([
      { "@type": "ContactPoint", contactType: "Service", email: "service@example.com" },
    ]);
  });
});

describe("the data decides", () => {
  it("an opening added to data/careers.json is one more JobPosting, with no change elsewhere", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "structured-data-"));
    try {
      for (const file of ["company.json", "contact.json"]) fs.copyFileSync(path.join(DATA, file), path.join(dir, file));
      const added: RoleForSchema = { ...careers.openings.roles[0], title: "Field Service Engineer", employmentType: "CONTRACTOR", datePosted: "2026-12-01", location: "Ruwais, United Arab Emirates" };
      const more = { ...careers, openings: { ...careers.openings, roles: [...careers.openings.roles, added] } };
      fs.writeFileSync(path.join(dir, "careers.json"), `${JSON.stringify(more, null, 2)}\n`);
      const postings = pageStructuredData(dir, "/careers") ?? [];
      expect(postings).toHaveLength(careers.openings.roles.length + 1);
      expect(postings.at(-1)).toMatchObject({ title: "Field Service Engineer", employmentType: "CONTRACTOR", jobLocation: { address: { addressLocality: "Ruwais" } } });
      expect(pageStructuredData(dir, "/about-us")).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
