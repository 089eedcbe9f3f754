import React from "react";
import type { MultipartBody } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/applyForPartnership.json";
import { ChoiceGroup } from "./ChoiceGroup";
import { FileField } from "./FileField";
import { RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { TextField } from "./TextField";
import { PARTNERSHIP_SUCCESS, SUBMISSION_FAILED } from "./messages";
import { ModalFormStatus } from "./SuccessToast";
import { useContractForm } from "./useContractForm";
import { MAIL_TYPES, PARTNERSHIP_INITIAL } from "./values";
import { choicesOf, type FormRules } from "./validation";
import COMMON from "./texts/common.json";
import TEXT from "./texts/partnership.json";
import * as styles from "./Form.module.css";

const RULES = contractRules as FormRules;
const PATH = "/api/v1/contact/transfer_partner";
const FIXED = { mailType: MAIL_TYPES.applyForPartnership };
const REGIONS = choicesOf(RULES, "regionName").map((value) => ({ value, label: value }));
const INTERESTS = choicesOf(RULES, "interestedIn").map((value) => ({ value, label: value }));

/**
 * The trainings page's "Be a Knowledge Transfer Partner" form (multipart to
 * transfer_partner: the interests as a JSON-encoded list, the file as
 * support_doc), in its modal.
 */
export function PartnershipForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const form = useContractForm({
    rules: RULES,
    initialValues: PARTNERSHIP_INITIAL,
    fixed: FIXED,
    send: async (body) => (await loadClient()).postMultipart(PATH, body as MultipartBody<typeof PATH>),
    successMessage: PARTNERSHIP_SUCCESS,
    failureMessage: () => SUBMISSION_FAILED,
    logFailure: true,
    onSuccess,
  });
  const label = TEXT.labels;

  return (
    <form {...form.formProps} className={styles.form} data-form-slot="knowledge-transfer-partner">
      <RequiredNote text={COMMON.requiredNote} />
      <div className={styles.grid}>
        <TextField form={form} name="companyName" label={label.companyName} autoComplete="organization" />
        <TextField form={form} name="fullName" label={label.fullName} autoComplete="name" />
        <TextField form={form} name="jobRole" label={label.jobRole} autoComplete="organization-title" />
        <TextField form={form} name="email" type="email" label={label.email} autoComplete="email" />
        <TextField form={form} name="phoneNumber" type="tel" label={label.phoneNumber} autoComplete="tel" hint={COMMON.phoneInternationalHint} />
        <SelectField form={form} name="regionName" label={label.regionName} choices={REGIONS} placeholder={COMMON.regionPlaceholder} />
        <TextField form={form} name="countryName" label={label.countryName} autoComplete="country-name" />
        <ChoiceGroup
          form={form}
          name="interestedIn"
          kind="checkbox"
          label={label.interestedIn}
          hint={TEXT.interestedInHint}
          choices={INTERESTS}
          className={styles.wide}
        />
        <TextField form={form} name="message" label={label.message} rows={4} className={styles.wide} />
        <FileField form={form} name="support_doc" label={label.support_doc} hint={COMMON.documentHint} className={styles.wide} />
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

export default PartnershipForm;
