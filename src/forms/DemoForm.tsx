import React from "react";
import type { ApiSchemas } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/requestDemo.json";
import { CheckboxField } from "./CheckboxField";
import { FormStatus, RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { SENT_MESSAGE } from "./messages";
import { useContractForm } from "./useContractForm";
import { DEMO_INITIAL, MAIL_TYPES } from "./values";
import { choicesOf, type FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/demo.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const FIXED = { mailType: MAIL_TYPES.requestDemo };
const OPTIONS: Record<string, string> = TEXT.interestedInOptions;
const INTERESTS = choicesOf(RULES, "interestedIn").map((value) => ({ value, label: OPTIONS[value] ?? value }));

/** acceptTerms is the form's own rule: it must be ticked, and it is never sent (it is no field of the contract). */
const termsAccepted = (values: typeof DEMO_INITIAL) => ({ acceptTerms: values.acceptTerms === true });

/** The manufacturing page's "Schedule a demo" form (JSON to demo_form). */
export function DemoForm(): React.ReactElement {
  const form = useContractForm({
    rules: RULES,
    initialValues: DEMO_INITIAL,
    fixed: FIXED,
    extraValidity: termsAccepted,
    disableWhileInvalid: false,
    send: async (body) => (await loadClient()).api.POST("/api/v1/contact/demo_form", { body: body as ApiSchemas["DemoRequest"] }),
    successMessage: SENT_MESSAGE,
    failureMessage: async (failure) => (await loadClient()).errorMessage(failure),
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="demo">
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="firstName" label={label.firstName} autoComplete="given-name" />
        <TextField form={form} name="lastName" label={label.lastName} autoComplete="family-name" />
        <TextField form={form} name="jobRole" label={label.jobRole} autoComplete="organization-title" />
        <TextField form={form} name="companyName" label={label.companyName} autoComplete="organization" />
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
        <TextField form={form} name="countryName" label={label.countryName} autoComplete="country-name" />
        <SelectField form={form} name="interestedIn" label={label.interestedIn} choices={INTERESTS} placeholder={TEXT.interestedInPlaceholder} />
        <TextField form={form} name="message" label={label.message} rows={4} className={styles.wide} />
        <CheckboxField form={form} name="acceptTerms" label={label.acceptTerms} required className={styles.wide} />
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

export default DemoForm;
