import fs from "fs";
import path from "path";
import type { components } from "../../src/contract/schema";
import type { MailRoute } from "../config";

type Schemas = components["schemas"];

/** The fields of each body as openapi.yaml defines them (uploaded files are not part of the stored payload). */
export interface FormBodies {
  "news-letter": Schemas["NewsletterSignup"];
  contact_us: Schemas["ContactEnquiry"];
  demo_form: Schemas["DemoRequest"];
  request_for_training: Schemas["TrainingRequest"];
  careers: Omit<Schemas["JobApplication"], "resume" | "coverLetter">;
  sme_form: Omit<Schemas["SmeRegistration"], "resume">;
  transfer_partner: Omit<Schemas["PartnershipApplication"], "support_doc">;
  product_order_form: Omit<Schemas["ProductOrderUpload"], "file">;
  quote_request: Schemas["QuoteRequest"];
}
export type FormName = keyof FormBodies;

/** One form's call: where it is, how its body comes, where its notification goes. */
export interface FormDefinition<N extends FormName = FormName> {
  /** Path under /api/v1/contact. */
  path: `/${N}`;
  body: "json" | "multipart";
  /** Fields that carry an uploaded document (multipart only). */
  files: string[];
  /** Fields the contract types as number or integer (multipart sends them as text). */
  numbers: string[];
  /** What the inbox receives, like "contact enquiry". */
  what: string;
  /** Labels of the fields (and files) in the notification, in the order listed. */
  labels: Record<string, string>;
  inbox(body: FormBodies[N]): MailRoute;
  /** Who sent it, for the subject line. */
  from(body: FormBodies[N]): string;
}

const DEMO_OPTIONS: Record<string, string> = {
  option1: "Semi Finished Products",
  option2: "Finished Components",
  option3: "Engineering and Material Processing",
};

const name = (first: string, last: string) => `${first} ${last}`;

export const FORMS: { [N in FormName]: FormDefinition<N> } = {
  "news-letter": {
    path: "/news-letter",
    body: "json",
    files: [],
    numbers: [],
    what: "newsletter sign-up",
    labels: { email: "E-mail", mailType: "Mail type" },
    inbox: () => "news_letter",
    from: (b) => b.email,
  },
  contact_us: {
    path: "/contact_us",
    body: "json",
    files: [],
    numbers: [],
    what: "contact enquiry",
    labels: {
      firstName: "First name",
      lastName: "Last name",
      subject: "Subject",
      email: "E-mail",
      phoneNumber: "Phone",
      companyName: "Company",
      message: "Message",
    },
    inbox: () => "contact",
    from: (b) => name(b.firstName, b.lastName),
  },
  demo_form: {
    path: "/demo_form",
    body: "json",
    files: [],
    numbers: [],
    what: "demo request",
    labels: {
      firstName: "First name",
      lastName: "Last name",
      jobRole: "Job title",
      email: "E-mail",
      interestedIn: "Interested in",
      companyName: "Company",
      phoneNumber: "Phone",
      countryName: "Country",
      message: "Message",
    },
    inbox: () => "demo_form",
    from: (b) => name(b.firstName, b.lastName),
  },
  request_for_training: {
    path: "/request_for_training",
    body: "json",
    files: [],
    numbers: [],
    what: "training request",
    labels: {
      fullName: "Full name",
      companyName: "Company",
      jobRole: "Job role",
      email: "E-mail",
      phoneNumber: "Phone",
      regionName: "Region",
      countryName: "Country",
      interestedIn: "Interested in",
      participants: "Participants",
      trainingFormat: "Training format",
      comments: "Comments",
    },
    inbox: () => "request_for_training",
    from: (b) => b.fullName,
  },
  careers: {
    path: "/careers",
    body: "multipart",
    files: ["resume", "coverLetter"],
    numbers: [],
    what: "job application",
    labels: {
      jobRole: "Job role",
      firstName: "First name",
      lastName: "Last name",
      email: "E-mail",
      phoneNumber: "Phone",
      nationality: "Nationality",
      countryName: "Country",
      resume: "Resume",
      coverLetter: "Cover letter",
    },
    inbox: () => "career",
    from: (b) => name(b.firstName, b.lastName),
  },
  sme_form: {
    path: "/sme_form",
    body: "multipart",
    files: ["resume"],
    numbers: ["experience"],
    what: "SME registration",
    labels: {
      fullName: "Full name",
      email: "E-mail",
      phoneNumber: "Phone",
      linkedIn: "LinkedIn",
      experience: "Experience (years)",
      regionName: "Region",
      countryName: "Country",
      expertise: "Expertise",
      availability: "Availability",
      comments: "How you can make an impact",
      resume: "Resume",
    },
    inbox: () => "sme_form",
    from: (b) => b.fullName,
  },
  transfer_partner: {
    path: "/transfer_partner",
    body: "multipart",
    files: ["support_doc"],
    numbers: [],
    what: "partnership application",
    labels: {
      companyName: "Company",
      fullName: "Full name",
      jobRole: "Job role",
      email: "E-mail",
      phoneNumber: "Phone",
      regionName: "Region",
      countryName: "Country",
      interestedIn: "Interested in",
      message: "How your collaboration will add value",
      comments: "Comments",
      support_doc: "Supporting document",
    },
    inbox: () => "transfer_partner_form",
    from: (b) => `${b.fullName} (${b.companyName})`,
  },
  product_order_form: {
    path: "/product_order_form",
    body: "multipart",
    files: ["file"],
    numbers: [],
    what: "product order questionnaire",
    labels: { productName: "Product", file: "Questionnaire" },
    inbox: () => "product_order_form",
    from: (b) => b.productName,
  },
  quote_request: {
    path: "/quote_request",
    body: "json",
    files: [],
    numbers: [],
    what: "quotation request",
    labels: {
      firstName: "First name",
      lastName: "Last name",
      email: "E-mail",
      phoneNumber: "Phone",
      companyName: "Company",
      message: "Message",
      items: "Products",
    },
    inbox: () => "quote_request",
    from: (b) => `${name(b.firstName, b.lastName)} (${b.companyName})`,
  },
};

/** The catalogue as the notification names it: each product's title by slug, and the site's address. */
export interface Catalogue {
  siteUrl: string;
  titles: Record<string, string>;
}

const catalogues = new Map<string, Catalogue>();

/**
 * The product titles of data/products/*.json and the siteUrl of
 * data/company.json (read once, from the working directory like
 * data/contact.json). Without them an item is named by its slug and linked
 * from the site's root.
 */
export function loadCatalogue(dataDir: string = path.resolve(process.cwd(), "data")): Catalogue {
  const known = catalogues.get(dataDir);
  if (known) return known;
  const titles: Record<string, string> = {};
  let siteUrl = "";
  try {
    const company = JSON.parse(fs.readFileSync(path.join(dataDir, "company.json"), "utf8")) as { siteUrl?: unknown };
    if (typeof company.siteUrl === "string") siteUrl = company.siteUrl.replace(/\/+$/, "");
  } catch {
    // No company file: links are relative to the site's root.
  }
  try {
    for (const file of fs.readdirSync(path.join(dataDir, "products"))) {
      if (!file.endsWith(".json")) continue;
      const product = JSON.parse(fs.readFileSync(path.join(dataDir, "products", file), "utf8")) as { slug?: unknown; name?: unknown };
      if (typeof product.slug === "string" && typeof product.name === "string") titles[product.slug] = product.name;
    }
  } catch {
    // No product data: items are named by their slugs.
  }
  const loaded = { siteUrl, titles };
  catalogues.set(dataDir, loaded);
  return loaded;
}

type QuoteItem = Schemas["QuoteItem"];

/** The items of a quotation request, one block each: the product's title, its model, quantity and note, and the link to its page. */
export function quoteItemsText(items: QuoteItem[], { siteUrl, titles }: Catalogue = loadCatalogue()): string {
  const lines: string[] = [];
  items.forEach((item, index) => {
    if (index > 0) lines.push("");
    lines.push(`${index + 1}. ${titles[item.product] ?? item.product}`);
    if (item.model !== undefined) lines.push(`   Model: ${item.model}`);
    lines.push(`   Quantity: ${item.quantity}`);
    if (item.note !== undefined && item.note !== "") {
      const [first, ...rest] = item.note.split(/\r\n?|\n|[\u0085\u2028\u2029]/);
      lines.push(`   Note: ${first}`, ...rest.map((line) => `         ${line}`));
    }
    lines.push(`   Page: ${siteUrl}/${item.product}`);
  });
  return lines.join("\n");
}

/** A field's value as the notification shows it. */
export function displayValue(form: FormName, field: string, value: unknown): string {
  if (form === "demo_form" && field === "interestedIn" && typeof value === "string" && DEMO_OPTIONS[value]) {
    return `${DEMO_OPTIONS[value]} (${value})`;
  }
  if (form === "quote_request" && field === "items" && Array.isArray(value)) return quoteItemsText(value as QuoteItem[]);
  if (Array.isArray(value)) return value.map(String).join(", ");
  return String(value);
}
