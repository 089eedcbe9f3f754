/**
 * What each form holds on load and after a success (a form resets after a
 * success: contact's subject returns to General Inquiry, the demo's acceptTerms
 * to false, the newsletter's mailType to its reset value newsletter). Only the
 * contract's fields of these values are sent (src/forms/validation.ts, buildBody).
 */

export { NEWS_LETTER_INITIAL, NEWS_LETTER_RESET } from "./news-letter-values";

export const CONTACT_US_INITIAL = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  companyName: "",
  subject: "General Inquiry",
  message: "",
};

export const DEMO_FORM_INITIAL = {
  firstName: "",
  lastName: "",
  jobRole: "",
  email: "",
  interestedIn: "",
  companyName: "",
  phoneNumber: "",
  countryName: "",
  message: "",
  /** The form's own rule (must be ticked); not a field of the contract, so never sent. */
  acceptTerms: false as boolean,
};

export const CAREERS_INITIAL = {
  firstName: "",
  lastName: "",
  email: "",
  phoneNumber: "",
  nationality: "",
  countryName: "",
  resume: null as File | null,
  coverLetter: null as File | null,
};

export const REQUEST_FOR_TRAINING_INITIAL = {
  fullName: "",
  companyName: "",
  jobRole: "",
  email: "",
  phoneNumber: "",
  regionName: "",
  countryName: "",
  interestedIn: "",
  participants: "",
  trainingFormat: "",
  comments: "",
};

export const SME_FORM_INITIAL = {
  fullName: "",
  email: "",
  phoneNumber: "",
  linkedIn: "",
  experience: "",
  regionName: "",
  countryName: "",
  expertise: "",
  availability: "",
  resume: null as File | null,
  comments: "",
};

export const TRANSFER_PARTNER_INITIAL = {
  companyName: "",
  fullName: "",
  jobRole: "",
  email: "",
  phoneNumber: "",
  regionName: "",
  countryName: "",
  interestedIn: [] as string[],
  message: "",
  support_doc: null as File | null,
  comments: "",
};

export const PRODUCT_ORDER_FORM_INITIAL = { file: null as File | null };
