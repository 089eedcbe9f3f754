import { graphql, useStaticQuery } from "gatsby";
import type { FormKey } from "../shared/forms/registry";

/** One field's words (data/forms/<form>.json, src/schema/forms.graphql). */
export interface FieldWords {
  name: string;
  label: string;
  hint: string | null;
  placeholder: string | null;
  options: { value: string; label: string }[] | null;
}

/** A form's words, as its data file holds them. */
export interface FormWordsData {
  form: string;
  fieldWords: FieldWords[];
  submit: string;
  submitting: string | null;
  success: string;
  failure: string | null;
  noFile: string | null;
}

/** The words every form shares (data/form-words.json). */
export interface CommonFormWords {
  requiredNote: string;
  chosenFile: string;
  dismiss: string;
  /** A failure without a message from the server. */
  failure: string;
}

/** A form's words with its fields by name, and the shared words. */
export interface FormWords extends FormWordsData {
  field: Record<string, FieldWords>;
  common: CommonFormWords;
}

interface FormWordsQuery {
  forms: { nodes: FormWordsData[] };
  common: CommonFormWords;
}

/**
 * The words of one form of the registry (src/shared/forms/registry.ts), from its data
 * file through GraphQL like every other content of the site (one static query
 * for every form: the footer's sign-up is on every page).
 */
export function useFormWords(form: FormKey): FormWords {
  const data = useStaticQuery<FormWordsQuery>(graphql`
    query FormWords {
      forms: allFormsJson {
        nodes {
          form
          fieldWords {
            name
            label
            hint
            placeholder
            options {
              value
              label
            }
          }
          submit
          submitting
          success
          failure
          noFile
        }
      }
      common: formWordsJson {
        requiredNote
        chosenFile
        dismiss
        failure
      }
    }
  `);
  const words = data.forms.nodes.find((node) => node.form === form);
  if (!words) throw new Error(`No words for the ${form} form: data/forms/${form}.json is missing`);
  return { ...words, field: Object.fromEntries(words.fieldWords.map((field) => [field.name, field])), common: data.common };
}
