import React from "react";
import RULES from "../contract/form-rules/requestDemo.json";
import { NATIONAL_PHONE, RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { DEMO_FORM_INITIAL } from "./values";

const LAYOUT = { phoneNumber: NATIONAL_PHONE, message: { rows: 4, wide: true }, acceptTerms: { wide: true } };

/** acceptTerms is the form's own rule: it must be ticked, and it is never sent (it is no field of the contract). */
const termsAccepted = (values: typeof DEMO_FORM_INITIAL) => ({ acceptTerms: values.acceptTerms === true });

/** The manufacturing page's "Schedule a demo" form (JSON to demo_form). */
export function DemoForm(): React.ReactElement {
  const words = useFormWords("demo_form");
  const form = useRegisteredForm(RULES, words, { initialValues: DEMO_FORM_INITIAL, extraValidity: termsAccepted, disableWhileInvalid: false });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} />;
}

export default DemoForm;
