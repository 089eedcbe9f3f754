import React from "react";
import RULES from "../contract/form-rules/applyForPartnership.json";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { TRANSFER_PARTNER_INITIAL } from "./values";

const LAYOUT = { interestedIn: { wide: true }, message: { rows: 4, wide: true }, support_doc: { wide: true }, comments: { rows: 3, wide: true } };

/**
 * The trainings page's "Be a Knowledge Transfer Partner" form (multipart to
 * transfer_partner: the interests as a JSON-encoded list, the file as
 * support_doc), in its modal.
 */
export function TransferPartnerForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const words = useFormWords("transfer_partner");
  const form = useRegisteredForm(RULES, words, { initialValues: TRANSFER_PARTNER_INITIAL, onSuccess });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} inModal={Boolean(onSuccess)} />;
}

export default TransferPartnerForm;
