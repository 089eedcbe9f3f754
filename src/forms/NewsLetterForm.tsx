import React from "react";
import RULES from "../contract/form-rules/subscribeNewsletter.json";
import { FormStatus } from "./FormStatus";
import { useRegisteredForm } from "./useRegisteredForm";
import { SpamTrap } from "./spam/SpamTrap";
import { TextField } from "./TextField";
import { NEWS_LETTER_INITIAL, NEWS_LETTER_RESET } from "./news-letter-values";
import { useFormWords } from "./useFormWords";
import * as styles from "./NewsLetterForm.module.css";

/** The words of a sign-up placed elsewhere than the footer (the careers page's talent community, data/careers.json); its label and its button while sending are the form's. */
export interface NewsLetterVariantWords {
  submit: string;
  success: string;
}

interface NewsLetterFormProps {
  /** The careers page's "Join Our Talent Community" box: the same call with its own words; without it, the footer's sign-up. */
  variant?: NewsLetterVariantWords;
}

/** The newsletter sign-up: one e-mail field; the button reads Submitting… while the call is pending. */
export function NewsLetterForm({ variant }: NewsLetterFormProps): React.ReactElement {
  const words = useFormWords("news-letter");
  const { submit, success } = variant ?? words;
  const submitting = words.submitting ?? submit;
  const form = useRegisteredForm(RULES, words, { initialValues: NEWS_LETTER_INITIAL, resetValues: NEWS_LETTER_RESET, successMessage: success });

  return (
    <form {...form.formProps} className={styles.form}>
      <div className={styles.row}>
        <TextField form={form} name="email" type="email" label={words.field.email.label} autoComplete="email" markRequired={false} className={styles.field} />
        <button type="submit" className={`btn ${styles.button}`} disabled={form.buttonDisabled}>
          {form.submitting ? submitting : submit}
        </button>
      </div>
      <SpamTrap idPrefix={form.id} words={words} />
      <FormStatus status={form.status} />
    </form>
  );
}

export default NewsLetterForm;
