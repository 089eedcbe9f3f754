import React, { useMemo } from "react";
import RULES from "../contract/form-rules/applyForJob.json";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { CAREERS_INITIAL } from "./values";

interface CareersFormProps {
  /** The role applied for (the careers modal's jobRole); empty for an open application. */
  jobRole: string;
  /** Called after a success: the page closes its modal. */
  onSuccess?: () => void;
}

/** The job application (multipart to careers, with résumé and cover letter), inside the careers modal. */
export function CareersForm({ jobRole, onSuccess }: CareersFormProps): React.ReactElement {
  const words = useFormWords("careers");
  const fixed = useMemo(() => ({ jobRole }), [jobRole]);
  const form = useRegisteredForm(RULES, words, { initialValues: CAREERS_INITIAL, fixed, onSuccess });
  return (
    <RegisteredFormView form={form} words={words} inModal={Boolean(onSuccess)} attributes={{ "data-job-role": jobRole }} />
  );
}

export default CareersForm;
