import React from "react";
import RULES from "../contract/form-rules/sendContactEnquiry.json";
import { NATIONAL_PHONE, RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { CONTACT_US_INITIAL } from "./values";

const LAYOUT = { phoneNumber: NATIONAL_PHONE, message: { rows: 5, wide: true } };

/**
 * The contact page's form (JSON to contact_us). An invalid submission marks
 * every field and sends nothing; the button is only disabled while sending.
 */
export function ContactUsForm(): React.ReactElement {
  const words = useFormWords("contact_us");
  const form = useRegisteredForm(RULES, words, { initialValues: CONTACT_US_INITIAL, disableWhileInvalid: false });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} />;
}

export default ContactUsForm;
