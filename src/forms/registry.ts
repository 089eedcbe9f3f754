/**
 * The forms of the contract, each named once. The server (server/api/forms.ts,
 * server/config.ts, server/mail/notification.ts) reads this file; the site's
 * components name their form by its key (FormKey, useFormWords), and
 * tests/unit/form-registry.test.ts checks each entry against the contract,
 * its data file and its component. See docs/architecture.md, "Forms".
 *
 * A form's key is its path under /api/v1/contact and names its words,
 * data/forms/<key>.json (a FormsJson node of src/schema/forms.graphql): every
 * label, option, hint and message its visitors read, which the notification
 * e-mail's labels are too. Everything else about it is found from its entry:
 * - the contract's operation (`operationId`): its body, its content type, its
 *   file fields, and the rules the browser checks
 *   (src/contract/form-rules/<operationId>.json);
 * - the component that renders it (`component`).
 *
 * Nothing here is bundled into a page: the pages take their words from
 * GraphQL and the path and mail type of their call from the contract's rules.
 */

export interface FormEntry {
  /** The operation of openapi.yaml. */
  operationId: string;
  /**
   * The body's fixed mailType (the contract's enum), which also names the inbox
   * route and the environment variable that sets the inbox, MAIL_TO_<MAILTYPE>
   * (one or more comma-separated addresses).
   */
  mailType: string;
  /** Another variable read for the same inbox when MAIL_TO_<MAILTYPE> is unset (an older name). */
  inboxAlias?: string;
  /** The contact card of data/contact.json (by title) whose address is the inbox when no variable is set. */
  inboxCard: string;
  /** What the inbox receives, for the e-mail's subject and first line ("contact enquiry"). */
  what: string;
  /** Who sent it, for the subject: the body's fields in braces ("{firstName} {lastName}"). */
  sender: string;
  /**
   * The fields the e-mail lists first, in this order, each with its label from
   * the data file (files included; any other field follows, named by its key).
   */
  notify: readonly string[];
  /** The component that renders it. */
  component: string;
}

/** The registry with each form's key kept as a literal type. */
function registry<K extends string, M extends string>(entries: Record<K, FormEntry & { mailType: M }>): Record<K, FormEntry & { mailType: M }> {
  return entries;
}

export const FORMS = registry({
  "news-letter": {
    operationId: "subscribeNewsletter",
    mailType: "news_letter",
    inboxAlias: "MAIL_TO_NEWSLETTER",
    inboxCard: "Media & Communications",
    what: "newsletter sign-up",
    sender: "{email}",
    notify: ["email"],
    component: "src/forms/NewsletterForm.tsx",
  },
  contact_us: {
    operationId: "sendContactEnquiry",
    mailType: "contact",
    inboxCard: "General Enquiries",
    what: "contact enquiry",
    sender: "{firstName} {lastName}",
    notify: ["firstName", "lastName", "subject", "email", "phoneNumber", "companyName", "message"],
    component: "src/forms/ContactForm.tsx",
  },
  demo_form: {
    operationId: "requestDemo",
    mailType: "demo_form",
    inboxCard: "Sales",
    what: "demo request",
    sender: "{firstName} {lastName}",
    notify: ["firstName", "lastName", "jobRole", "email", "interestedIn", "companyName", "phoneNumber", "countryName", "message"],
    component: "src/forms/DemoForm.tsx",
  },
  request_for_training: {
    operationId: "requestTraining",
    mailType: "request_for_training",
    inboxCard: "Trainings",
    what: "training request",
    sender: "{fullName}",
    notify: ["fullName", "companyName", "jobRole", "email", "phoneNumber", "regionName", "countryName", "interestedIn", "participants", "trainingFormat", "comments"],
    component: "src/forms/TrainingRequestForm.tsx",
  },
  careers: {
    operationId: "applyForJob",
    mailType: "career",
    inboxCard: "Careers",
    what: "job application",
    sender: "{firstName} {lastName}",
    notify: ["jobRole", "firstName", "lastName", "email", "phoneNumber", "nationality", "countryName", "resume", "coverLetter"],
    component: "src/forms/CareerApplicationForm.tsx",
  },
  sme_form: {
    operationId: "registerSubjectMatterExpert",
    mailType: "sme_form",
    inboxCard: "Trainings",
    what: "SME registration",
    sender: "{fullName}",
    notify: ["fullName", "email", "phoneNumber", "linkedIn", "experience", "regionName", "countryName", "expertise", "availability", "comments", "resume"],
    component: "src/forms/SmeRegistrationForm.tsx",
  },
  transfer_partner: {
    operationId: "applyForPartnership",
    mailType: "transfer_partner_form",
    inboxCard: "Partnerships",
    what: "partnership application",
    sender: "{fullName} ({companyName})",
    notify: ["companyName", "fullName", "jobRole", "email", "phoneNumber", "regionName", "countryName", "interestedIn", "message", "comments", "support_doc"],
    component: "src/forms/PartnershipForm.tsx",
  },
  product_order_form: {
    operationId: "uploadProductOrder",
    mailType: "product_order_form",
    inboxCard: "Sales",
    what: "product order questionnaire",
    sender: "{productName}",
    notify: ["productName", "file"],
    component: "src/forms/ProductOrderForm.tsx",
  },
  quote_request: {
    operationId: "requestQuotation",
    mailType: "quote_request",
    inboxCard: "Sales",
    what: "quotation request",
    sender: "{firstName} {lastName} ({companyName})",
    notify: ["firstName", "lastName", "email", "phoneNumber", "companyName", "message", "items"],
    component: "src/enquiry/EnquiryView.tsx",
  },
});

/** A form's key: its path under /api/v1/contact. */
export type FormKey = keyof typeof FORMS;
/** A body's mailType, which names the route of its notification. */
export type MailType = (typeof FORMS)[FormKey]["mailType"];

/** The keys of the registry, in its order. */
export const FORM_KEYS = Object.keys(FORMS) as FormKey[];
