import React from "react";
import type { ApiSchemas } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/requestTraining.json";
import { ChoiceGroup } from "./ChoiceGroup";
import { RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { SUBMISSION_FAILED, TRAINING_SUCCESS } from "./messages";
import { ModalFormStatus } from "./SuccessToast";
import { useContractForm } from "./useContractForm";
import { MAIL_TYPES, TRAINING_INITIAL } from "./values";
import { choicesOf, type FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/training-request.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const FIXED = { mailType: MAIL_TYPES.requestTraining };
const REGIONS = choicesOf(RULES, "regionName").map((value) => ({ value, label: value }));
const FORMAT_LABELS: Record<string, string> = TEXT.trainingFormatOptions;
const FORMATS = choicesOf(RULES, "trainingFormat").map((value) => ({ value, label: FORMAT_LABELS[value] ?? value }));

/** The trainings page's "Request for Training" form (JSON to request_for_training), in its modal. */
export function TrainingRequestForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const form = useContractForm({
    rules: RULES,
    initialValues: TRAINING_INITIAL,
    fixed: FIXED,
    send: async (body) => (await loadClient()).api.POST("/api/v1/contact/request_for_training", { body: body as ApiSchemas["TrainingRequest"] }),
    successMessage: TRAINING_SUCCESS,
    failureMessage: () => SUBMISSION_FAILED,
    logFailure: true,
    onSuccess,
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="request-for-training">
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="fullName" label={label.fullName} autoComplete="name" />
        <TextField form={form} name="companyName" label={label.companyName} autoComplete="organization" />
        <TextField form={form} name="jobRole" label={label.jobRole} autoComplete="organization-title" />
        <TextField form={form} name="email" type="email" label={label.email} autoComplete="email" />
        <TextField form={form} name="phoneNumber" type="tel" label={label.phoneNumber} autoComplete="tel" hint={COMMON.phoneInternationalHint} />
        <SelectField form={form} name="regionName" label={label.regionName} choices={REGIONS} placeholder={COMMON.regionPlaceholder} />
        <TextField form={form} name="countryName" label={label.countryName} autoComplete="country-name" />
        <TextField form={form} name="interestedIn" label={label.interestedIn} />
        <TextField form={form} name="participants" type="number" label={label.participants} inputMode="numeric" min={1} step={1} />
        <ChoiceGroup form={form} name="trainingFormat" kind="radio" label={label.trainingFormat} choices={FORMATS} />
        <TextField form={form} name="comments" label={label.comments} rows={3} className={styles.wide} />
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

export default TrainingRequestForm;
