import React from "react";
import type { MultipartBody } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/registerSubjectMatterExpert.json";
import { ChoiceGroup } from "./ChoiceGroup";
import { FileField } from "./FileField";
import { RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { SME_SUCCESS, SUBMISSION_FAILED } from "./messages";
import { ModalFormStatus } from "./SuccessToast";
import { URI_FORMAT } from "./uri-format";
import { useContractForm } from "./useContractForm";
import { MAIL_TYPES, SME_INITIAL } from "./values";
import { choicesOf, type FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/sme-registration.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const PATH = "/api/v1/contact/sme_form";
const FIXED = { mailType: MAIL_TYPES.registerSubjectMatterExpert };
const REGIONS = choicesOf(RULES, "regionName").map((value) => ({ value, label: value }));
const AVAILABILITY = choicesOf(RULES, "availability").map((value) => ({ value, label: value }));

/** The trainings page's "Subject Matter Expert Registration" (multipart to sme_form, with a résumé), in its modal. */
export function SmeRegistrationForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const form = useContractForm({
    rules: RULES,
    initialValues: SME_INITIAL,
    fixed: FIXED,
    formats: URI_FORMAT,
    send: async (body) => (await loadClient()).postMultipart(PATH, body as MultipartBody<typeof PATH>),
    successMessage: SME_SUCCESS,
    failureMessage: () => SUBMISSION_FAILED,
    logFailure: true,
    onSuccess,
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="sme-registration">
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="fullName" label={label.fullName} autoComplete="name" />
        <TextField form={form} name="email" type="email" label={label.email} autoComplete="email" />
        <TextField form={form} name="phoneNumber" type="tel" label={label.phoneNumber} autoComplete="tel" hint={COMMON.phoneInternationalHint} />
        <TextField form={form} name="linkedIn" type="url" label={label.linkedIn} autoComplete="url" hint={TEXT.linkedInHint} />
        <TextField form={form} name="experience" type="number" label={label.experience} inputMode="decimal" min={0} step="any" />
        <TextField form={form} name="expertise" label={label.expertise} />
        <SelectField form={form} name="regionName" label={label.regionName} choices={REGIONS} placeholder={COMMON.regionPlaceholder} />
        <TextField form={form} name="countryName" label={label.countryName} autoComplete="country-name" />
        <ChoiceGroup form={form} name="availability" kind="radio" label={label.availability} choices={AVAILABILITY} className={styles.wide} />
        <FileField form={form} name="resume" label={label.resume} hint={COMMON.documentHint} className={styles.wide} />
        <TextField form={form} name="comments" label={label.comments} rows={4} className={styles.wide} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className="btn btn-dark" disabled={form.buttonDisabled} aria-busy={form.submitting || undefined}>
          {TEXT.submit}
        </button>
      </div>
      <ModalFormStatus status={form.status} clearStatus={form.clearStatus} inModal={Boolean(onSuccess)} dismissLabel={COMMON.dismiss} />
    </form>
  );
}

export default SmeRegistrationForm;
