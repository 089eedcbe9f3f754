/**
 * The forms of the contract, each named once: by its key, the last part of its
 * path under /api/v1/contact (`transfer_partner`). Every other name of a form
 * follows from its entry here: the names openapi.yaml freezes (its operation's
 * `operationId`, its body's `mailType`) and the files of the site (the
 * `component` that renders it, data/forms/<key>.json). Both sides run this
 * file: the server (server/api/forms.ts, server/config.ts, the export, the
 * webhooks, the metrics) and the site (its components name their form by its
 * key: useFormWords("<key>")); tests/unit/form-registry.test.ts checks each
 * entry against the contract, its data file and its component.
 *
 * A form's key names its words, data/forms/<key>.json (a FormsJson node of
 * src/schema/forms.graphql): every label, option, hint and message its
 * visitors read, which the notification e-mail's labels are too. Everything
 * else about it is found from its entry:
 * - the contract's operation (`operationId`): its body, its content type, its
 *   file fields, and the rules the browser checks
 *   (src/contract/form-rules/<operationId>.json);
 * - the component that renders it (`component`): the key in PascalCase,
 *   ending in Form (transfer_partner: TransferPartnerForm, demo_form:
 *   DemoForm), its initial values the key in capitals (TRANSFER_PARTNER_INITIAL);
 *   but the quotation request, which the enquiry page's view renders.
 *
 * No page loads this file on its first load: the pages take their words from
 * GraphQL and the path and mail type of their call from the contract's rules
 * (only the offline outbox, fetched when a send is kept, reads `what`).
 */

export interface FormEntry {
  /** The operation of openapi.yaml. */
  operationId: string;
  /**
   * The body's mailType as the form first sends it (the first value of the
   * contract's enum), which also names the inbox route and the environment
   * variable that sets the inbox, MAIL_TO_<MAILTYPE> (one or more
   * comma-separated addresses).
   */
  mailType: string;
  /**
   * The other values of the contract's enum for the body's mailType: the
   * newsletter form sends `newsletter` after a reset. A submission stored with
   * one of them is this form's all the same (its inbox, its export, its webhook).
   */
  otherMailTypes?: readonly string[];
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
    otherMailTypes: ["newsletter"],
    inboxAlias: "MAIL_TO_NEWSLETTER",
    inboxCard: "Media & Communications",
    what: "newsletter sign-up",
    sender: "{email}",
    notify: ["email"],
    component: "src/forms/NewsLetterForm.tsx",
  },
  contact_us: {
    operationId: "sendContactEnquiry",
    mailType: "contact",
    inboxCard: "General Enquiries",
    what: "contact enquiry",
    sender: "{firstName} {lastName}",
    notify: ["firstName", "lastName", "subject", "email", "phoneNumber", "companyName", "message"],
    component: "src/forms/ContactUsForm.tsx",
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
    component: "src/forms/RequestForTrainingForm.tsx",
  },
  careers: {
    operationId: "applyForJob",
    mailType: "career",
    inboxCard: "Careers",
    what: "job application",
    sender: "{firstName} {lastName}",
    notify: ["jobRole", "firstName", "lastName", "email", "phoneNumber", "nationality", "countryName", "resume", "coverLetter"],
    component: "src/forms/CareersForm.tsx",
  },
  sme_form: {
    operationId: "registerSubjectMatterExpert",
    mailType: "sme_form",
    inboxCard: "Trainings",
    what: "SME registration",
    sender: "{fullName}",
    notify: ["fullName", "email", "phoneNumber", "linkedIn", "experience", "regionName", "countryName", "expertise", "availability", "comments", "resume"],
    component: "src/forms/SmeForm.tsx",
  },
  transfer_partner: {
    operationId: "applyForPartnership",
    mailType: "transfer_partner_form",
    inboxCard: "Partnerships",
    what: "partnership application",
    sender: "{fullName} ({companyName})",
    notify: ["companyName", "fullName", "jobRole", "email", "phoneNumber", "regionName", "countryName", "interestedIn", "message", "comments", "support_doc"],
    component: "src/forms/TransferPartnerForm.tsx",
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
/** A form's own mailType (its entry's `mailType`), which names the route of its notification. */
export type MailType = (typeof FORMS)[FormKey]["mailType"];

/** The keys of the registry, in its order. */
export const FORM_KEYS = Object.keys(FORMS) as FormKey[];

/** Whether a name is a form's key (as in the API path: news-letter, contact_us...). */
export function isFormKey(name: string): name is FormKey {
  return (FORM_KEYS as readonly string[]).includes(name);
}

/** Every mailType a form's body may carry, its own first. */
export function mailTypesOf(key: FormKey): string[] {
  const entry: FormEntry = FORMS[key];
  return [entry.mailType, ...(entry.otherMailTypes ?? [])];
}

/**
 * The form a stored mail type is a submission of (`newsletter` is the
 * news-letter form's, like `news_letter`), or undefined when no form of the
 * registry sends it. The export, its --form filter and the webhooks all name a
 * lead's form by this.
 */
export function formOfMailType(mailType: string): FormKey | undefined {
  return FORM_KEYS.find((key) => mailTypesOf(key).includes(mailType));
}
