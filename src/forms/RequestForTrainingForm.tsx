import React from "react";
import RULES from "../contract/form-rules/requestTraining.json";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { REQUEST_FOR_TRAINING_INITIAL } from "./values";

const LAYOUT = { trainingFormat: { radio: true }, comments: { rows: 3, wide: true } };

/** The trainings page's "Request for Training" form (JSON to request_for_training), in its modal. */
export function RequestForTrainingForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const words = useFormWords("request_for_training");
  const form = useRegisteredForm(RULES, words, { initialValues: REQUEST_FOR_TRAINING_INITIAL, onSuccess });
  return <RegisteredFormView form={form} words={words} layout={LAYOUT} inModal={Boolean(onSuccess)} />;
}

export default RequestForTrainingForm;
