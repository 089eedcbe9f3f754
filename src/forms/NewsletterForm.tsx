import React from "react";
import type { ApiSchemas } from "../contract/client";
import { loadClient } from "./api-client";
import contractRules from "../contract/form-rules/subscribeNewsletter.json";
import { FormStatus } from "./FormStatus";
import { TextField } from "./TextField";
import { SENT_MESSAGE, TALENT_COMMUNITY_SUCCESS } from "./messages";
import { useContractForm } from "./useContractForm";
import { NEWSLETTER_INITIAL, NEWSLETTER_RESET } from "./newsletter-values";
import type { FormRules } from "./validation";
import TEXT from "./texts/newsletter.json";
import * as styles from "./NewsletterForm.module.css";

const RULES = contractRules as FormRules;


interface NewsletterFormProps {
  /** The footer's sign-up, or the careers page's "Join Our Talent Community" box (same call, own success message). */
  variant?: "footer" | "talent-community";
}

/** The newsletter sign-up: one e-mail field; the button reads Submitting… while the call is pending. */
export function NewsletterForm({ variant = "footer" }: NewsletterFormProps): React.ReactElement {
  const text = variant === "footer" ? TEXT.footer : TEXT.talentCommunity;
  const form = useContractForm({
    rules: RULES,
    initialValues: NEWSLETTER_INITIAL,
    resetValues: NEWSLETTER_RESET,
    send: async (body) => (await loadClient()).api.POST("/api/v1/contact/news-letter", { body: body as ApiSchemas["NewsletterSignup"] }),
    successMessage: variant === "footer" ? SENT_MESSAGE : TALENT_COMMUNITY_SUCCESS,
    failureMessage: async (failure) => (await loadClient()).errorMessage(failure),
  });

  return (
    <form
      {...form.formProps}
      className={styles.form}
      data-form-slot={variant === "footer" ? "newsletter" : "talent-community"}
    >
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
