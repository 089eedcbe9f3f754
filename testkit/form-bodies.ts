/**
 * One valid request body for each form call of the contract, for every test
 * that needs one: a test changes the field it is about (`{ ...CONTACT, email }`)
 * and leaves the rest valid. JSON calls are typed by the contract's schemas;
 * a multipart call is its text parts (each value as the text it is sent as:
 * numbers in decimals, a list JSON-encoded) and its files (real documents,
 * each with the name it is sent under).
 */
import request from "supertest";
import type { components } from "../src/contract/schema";
import { makeDoc, makeDocx, makePdf } from "./documents";

type Schemas = components["schemas"];

export const NEWSLETTER: Schemas["NewsletterSignup"] = { email: "reader@example.org", mailType: "news_letter" };

export const CONTACT: Schemas["ContactEnquiry"] = {
  firstName: "Ada",
  lastName: "Lovelace",
  subject: "General Inquiry",
  email: "ada@example.org",
  phoneNumber: "0501234567",
  companyName: "Analytical Engines",
  message: "Please call me back about torque wrenches.\nThanks!",
  mailType: "contact",
};

export const DEMO: Schemas["DemoRequest"] = {
  firstName: "Charles",
  lastName: "Babbage",
  jobRole: "Chief Engineer",
  email: "charles@example.org",
  interestedIn: "option2",
  companyName: "Difference Engines",
  phoneNumber: "0509876543",
  countryName: "United Arab Emirates",
  message: "",
  mailType: "demo_form",
};

export const TRAINING: Schemas["TrainingRequest"] = {
  fullName: "Grace Hopper",
  companyName: "Compilers Ltd",
  jobRole: "Training Manager",
  email: "grace@example.org",
  phoneNumber: "+971 (2) 123-4567",
  regionName: "Asia",
  countryName: "Oman",
  interestedIn: "Controlled bolting",
  participants: 12,
  trainingFormat: "On Site",
  comments: "Next quarter, if possible.",
  mailType: "request_for_training",
};

export const QUOTE: Schemas["QuoteRequest"] = {
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.org",
  phoneNumber: "0501234567",
  companyName: "Analytical Engines",
  message: "One quotation for the shutdown, please.",
  items: [
    { product: "low-profile-torque-wrench", model: "ALT06", quantity: 2, note: "With a spare ratchet link.\nDelivery to Ruwais." },
    { product: "torque-pump", quantity: 1 },
    { product: "impact-sockets", model: "AST25X", quantity: 40 },
  ],
  mailType: "quote_request",
};

/** A file part: its content and the name it is sent under. */
export interface FilePart {
  content: Buffer;
  name: string;
}

/** A multipart body: its text parts and its file parts, by field. */
export interface MultipartBody {
  call: "careers" | "sme_form" | "transfer_partner" | "product_order_form";
  fields: Record<string, string>;
  files: Record<string, FilePart>;
}

export const CAREERS: MultipartBody = {
  call: "careers",
  fields: {
    firstName: "Katherine",
    lastName: "Johnson",
    email: "katherine@example.org",
    phoneNumber: "+971 50 123 4567",
    nationality: "American",
    countryName: "United Arab Emirates",
    jobRole: "Service Engineer",
    mailType: "career",
  },
  files: { resume: { content: makePdf(), name: "Katherine CV.pdf" }, coverLetter: { content: makeDocx(), name: "letter.docx" } },
};

export const SME: MultipartBody = {
  call: "sme_form",
  fields: {
    fullName: "Margaret Hamilton",
    email: "margaret@example.org",
    phoneNumber: "(02) 123-45678",
    linkedIn: "https://www.linkedin.com/in/margaret",
    experience: "7.5",
    regionName: "Europe",
    countryName: "Germany",
    expertise: "Hydrotesting",
    availability: "Weekends",
    comments: "Hands-on courses.",
    mailType: "sme_form",
  },
  files: { resume: { content: makeDoc(), name: "resume.doc" } },
};

export const PARTNER: MultipartBody = {
  call: "transfer_partner",
  fields: {
    companyName: "Institute of Technology",
    fullName: "Alan Turing",
    jobRole: "Dean",
    email: "alan@example.org",
    phoneNumber: "+44 20 7946 0000",
    regionName: "Africa",
    countryName: "Kenya",
    interestedIn: JSON.stringify(["Technology Integration", "Other (Specify)"]),
    message: "Joint courses for our students.",
    comments: "",
    mailType: "transfer_partner_form",
  },
  files: { support_doc: { content: makePdf(), name: "proposal.PDF" } },
};

export const ORDER: MultipartBody = {
  call: "product_order_form",
  fields: { mailType: "product_order_form", productName: "TOP LOADING ARMS" },
  files: { file: { content: makeDocx(), name: "questionnaire.docx" } },
};

/**
 * A supertest POST of a multipart body to the app (`/api/v1/contact/<call>`):
 * its fields and files, or those given instead. The request is returned
 * unsent, for a test to add headers or parts.
 */
export function postMultipart(
  app: Parameters<typeof request>[0],
  body: MultipartBody,
  { fields = body.fields, files = body.files }: { fields?: Record<string, string>; files?: Record<string, FilePart> } = {},
): request.Test {
  let req = request(app).post(`/api/v1/contact/${body.call}`);
  for (const [name, value] of Object.entries(fields)) req = req.field(name, value);
  for (const [name, file] of Object.entries(files)) req = req.attach(name, file.content, file.name);
  return req;
}
