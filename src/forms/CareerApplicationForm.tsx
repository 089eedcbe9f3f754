import React, { useMemo } from "react";
import type { MultipartBody } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/applyForJob.json";
import { FileField } from "./FileField";
import { RequiredNote } from "./FormStatus";
import { TextField } from "./TextField";
import { APPLICATION_SUCCESS } from "./messages";
import { ModalFormStatus } from "./SuccessToast";
import { useContractForm } from "./useContractForm";
import { APPLICATION_INITIAL, MAIL_TYPES } from "./values";
import type { FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/career-application.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const PATH = "/api/v1/contact/careers";

interface CareerApplicationFormProps {
  /** The role applied for (the careers modal's jobRole); empty for an open application. */
  jobRole: string;
  /** Called after a success: the page closes its modal. */
  onSuccess?: () => void;
}

/** The job application (multipart to careers, with résumé and cover letter), inside the careers modal. */
export function CareerApplicationForm({ jobRole, onSuccess }: CareerApplicationFormProps): React.ReactElement {
  const fixed = useMemo(() => ({ mailType: MAIL_TYPES.applyForJob, jobRole }), [jobRole]);
  const form = useContractForm({
    rules: RULES,
    initialValues: APPLICATION_INITIAL,
    fixed,
    send: async (body) => (await loadClient()).postMultipart(PATH, body as MultipartBody<typeof PATH>),
    successMessage: APPLICATION_SUCCESS,
    failureMessage: async (failure) => (await loadClient()).errorMessage(failure),
    onSuccess,
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="career-application" data-job-role={jobRole}>
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="firstName" label={label.firstName} autoComplete="given-name" />
        <TextField form={form} name="lastName" label={label.lastName} autoComplete="family-name" />
        <TextField form={form} name="email" type="email" label={label.email} autoComplete="email" />
        <TextField form={form} name="phoneNumber" type="tel" label={label.phoneNumber} autoComplete="tel" hint={COMMON.phoneInternationalHint} />
        <TextField form={form} name="nationality" label={label.nationality} />
        <TextField form={form} name="countryName" label={label.countryName} autoComplete="country-name" />
        <FileField form={form} name="resume" label={label.resume} hint={COMMON.documentHint} />
        <FileField form={form} name="coverLetter" label={label.coverLetter} hint={COMMON.documentHint} />
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

export default CareerApplicationForm;
