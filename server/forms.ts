import type { components } from "../src/api/schema";
import type { MailRoute } from "./config";

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
};

/** A field's value as the notification shows it. */
export function displayValue(form: FormName, field: string, value: unknown): string {
  if (form === "demo_form" && field === "interestedIn" && typeof value === "string" && DEMO_OPTIONS[value]) {
    return `${DEMO_OPTIONS[value]} (${value})`;
  }
  if (Array.isArray(value)) return value.map(String).join(", ");
  return String(value);
}
