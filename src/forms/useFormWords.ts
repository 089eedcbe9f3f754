import { graphql, useStaticQuery } from "gatsby";
import { usePick } from "../i18n/LangContext";
import type { FormKey } from "../shared/forms/registry";
import type { MessageRule } from "./failure-words";

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

/**
 * A field's broken rule in words, by rule (data/form-words.json `messages`):
 * `{field}` is the field's label, `check` lists them (`{list}`, joined by
 * `separator`); tooLarge, tooMany and unavailable word the answers 413, 429
 * and 503. Arabic pages show these instead of the API's English message.
 */
export type FormMessages = Record<MessageRule | "check" | "separator" | "tooLarge" | "tooMany" | "unavailable", string>;

/** The words every form shares (data/form-words.json). */
export interface CommonFormWords {
  requiredNote: string;
  chosenFile: string;
  dismiss: string;
  /** A failure without a message from the server. */
  failure: string;
  messages: FormMessages;
}

/** A form's words with its fields by name, and the shared words. */
export interface FormWords extends FormWordsData {
  field: Record<string, FieldWords>;
  common: CommonFormWords;
}

interface FormWordsQuery {
  enForms: { nodes: FormWordsData[] };
  arForms: { nodes: FormWordsData[] };
  enCommon: CommonFormWords;
  arCommon: CommonFormWords | null;
}

/**
 * The words of one form of the registry (src/shared/forms/registry.ts), from its data
 * file through GraphQL like every other content of the site (one static query
 * for every form: the footer's sign-up is on every page), in the page's
 * language: the query asks for both (data/forms/<form>.json and its Arabic
 * overlay <form>.ar.json, data/form-words.json and form-words.ar.json) and the
 * page's picks its own (usePick), English where an Arabic one is missing.
 */
export function useFormWords(form: FormKey): FormWords {
  const data = useStaticQuery<FormWordsQuery>(graphql`
    query FormWords {
      enForms: allFormsJson(filter: { fields: { lang: { eq: "en" } } }) {
        nodes {
          ...FormWordsOfOneForm
        }
      }
      arForms: allFormsJson(filter: { fields: { lang: { eq: "ar" } } }) {
        nodes {
          ...FormWordsOfOneForm
        }
      }
      enCommon: formWordsJson(fields: { lang: { eq: "en" } }) {
        ...FormWordsOfEveryForm
      }
      arCommon: formWordsJson(fields: { lang: { eq: "ar" } }) {
        ...FormWordsOfEveryForm
      }
    }

    fragment FormWordsOfOneForm on FormsJson {
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

    fragment FormWordsOfEveryForm on FormWordsJson {
      requiredNote
      chosenFile
      dismiss
      failure
      messages {
        check
        separator
        required
        type
        format
        pattern
        minLength
        maxLength
        minimum
        maximum
        enum
        minItems
        maxItems
        uniqueItems
        additionalProperties
        file
        maxFileSize
        invalid
        tooLarge
        tooMany
        unavailable
      }
    }
  `);
  const english = data.enForms.nodes.find((node) => node.form === form);
  const arabic = data.arForms.nodes.find((node) => node.form === form) ?? null;
  const words = usePick({ en: english, ar: arabic });
  const common = usePick({ en: data.enCommon, ar: data.arCommon });
  if (!words) throw new Error(`No words for the ${form} form: data/forms/${form}.json is missing`);
  return { ...words, field: Object.fromEntries(words.fieldWords.map((field) => [field.name, field])), common };
}
