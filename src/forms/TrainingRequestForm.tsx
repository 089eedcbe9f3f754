import React from "react";
import RULES from "../contract/form-rules/requestTraining.json";
import { RegisteredFormView } from "./RegisteredForm";
import { useRegisteredForm } from "./useRegisteredForm";
import { useFormWords } from "./useFormWords";
import { TRAINING_INITIAL } from "./values";

const LAYOUT = { trainingFormat: { radio: true }, comments: { rows: 3, wide: true } };

/** The trainings page's "Request for Training" form (JSON to request_for_training), in its modal. */
export function TrainingRequestForm({ onSuccess }: { onSuccess?: () => void }): React.ReactElement {
  const words = useFormWords("request_for_training");
  const form = useRegisteredForm(RULES, words, { initialValues: TRAINING_INITIAL, onSuccess });
  return <RegisteredFormView form={form} words={words} slot="request-for-training" layout={LAYOUT} inModal={Boolean(onSuccess)} />;
}

export default TrainingRequestForm;
