import React from "react";
import RULES from "../contract/form-rules/subscribeNewsletter.json";
import { FormStatus } from "./FormStatus";
import { useRegisteredForm } from "./RegisteredForm";
import { TextField } from "./TextField";
import { NEWSLETTER_INITIAL, NEWSLETTER_RESET } from "./newsletter-values";
import { useFormWords } from "./useFormWords";
import * as styles from "./NewsletterForm.module.css";

/** The words of a sign-up placed elsewhere than the footer (the careers page's talent community, data/careers.json). */
export interface NewsletterVariantWords {
  emailLabel: string;
  submit: string;
  submitting: string;
  success: string;
}

interface NewsletterFormProps {
  /** The careers page's "Join Our Talent Community" box: the same call with its own words; without it, the footer's sign-up. */
  variant?: NewsletterVariantWords;
}

/** The newsletter sign-up: one e-mail field; the button reads Submitting… while the call is pending. */
export function NewsletterForm({ variant }: NewsletterFormProps): React.ReactElement {
  const words = useFormWords("news-letter");
  const text = variant ?? { emailLabel: words.field.email.label, submit: words.submit, submitting: words.submitting ?? words.submit, success: words.success };
  const form = useRegisteredForm(RULES, words, { initialValues: NEWSLETTER_INITIAL, resetValues: NEWSLETTER_RESET, successMessage: text.success });

  return (
    <form {...form.formProps} className={styles.form} data-form-slot={variant ? "talent-community" : "newsletter"}>
      <div className={styles.row}>
        <TextField form={form} name="email" type="email" label={text.emailLabel} autoComplete="email" markRequired={false} className={styles.field} />
        <button type="submit" className={`btn ${styles.button}`} disabled={form.buttonDisabled}>
          {form.submitting ? text.submitting : text.submit}
        </button>
      </div>
      <FormStatus status={form.status} />
    </form>
  );
}

export default NewsletterForm;
