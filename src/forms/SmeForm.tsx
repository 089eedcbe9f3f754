import React from "react";
import RULES from "../contract/form-rules/registerSubjectMatterExpert.json";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { URI_FORMAT } from "./uri-format";
import { useFormWords } from "./useFormWords";
import { SME_FORM_INITIAL } from "./values";

const LAYOUT = { availability: { radio: true, wide: true }, resume: { wide: true }, comments: { rows: 4, wide: true } };

/** The trainings page's "Subject Matter Expert Registration" (multipart to sme_form, with a résumé), in its modal. */
export function SmeForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const words = useFormWords("sme_form");
  const form = useRegisteredForm(RULES, words, { initialValues: SME_FORM_INITIAL, formats: URI_FORMAT, onSuccess });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} inModal={Boolean(onSuccess)} />;
}

export default SmeForm;
