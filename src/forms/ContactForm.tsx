import React from "react";
import type { ApiSchemas } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/sendContactEnquiry.json";
import { FormStatus, RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { SENT_MESSAGE } from "./messages";
import { useContractForm } from "./useContractForm";
import { CONTACT_INITIAL, MAIL_TYPES } from "./values";
import { choicesOf, type FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/contact.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const FIXED = { mailType: MAIL_TYPES.sendContactEnquiry };
const SUBJECTS = choicesOf(RULES, "subject").map((value) => ({ value, label: value }));

/**
 * The contact page's form (JSON to contact_us). An invalid submission marks
 * every field and sends nothing; the button is only disabled while sending.
 */
export function ContactForm(): React.ReactElement {
  const form = useContractForm({
    rules: RULES,
    initialValues: CONTACT_INITIAL,
    fixed: FIXED,
    disableWhileInvalid: false,
    send: async (body) => (await loadClient()).api.POST("/api/v1/contact/contact_us", { body: body as ApiSchemas["ContactEnquiry"] }),
    successMessage: SENT_MESSAGE,
    failureMessage: async (failure) => (await loadClient()).errorMessage(failure),
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="contact">
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="firstName" label={label.firstName} autoComplete="given-name" />
        <TextField form={form} name="lastName" label={label.lastName} autoComplete="family-name" />
        <TextField form={form} name="email" type="email" label={label.email} autoComplete="email" />
        <TextField
          form={form}
          name="phoneNumber"
          type="tel"
          label={label.phoneNumber}
          autoComplete="tel-national"
          inputMode="numeric"
          maxLength={10}
          hint={COMMON.phoneTenDigitsHint}
        />
        <TextField form={form} name="companyName" label={label.companyName} autoComplete="organization" />
        <SelectField form={form} name="subject" label={label.subject} choices={SUBJECTS} />
        <TextField form={form} name="message" label={label.message} rows={5} className={styles.wide} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-dark" disabled={form.buttonDisabled} aria-busy={form.submitting || undefined}>
          {TEXT.submit}
        </button>
      </div>
      <FormStatus status={form.status} />
    </form>
  );
}

export default ContactForm;
