import { useMemo } from "react";
import { useLang } from "../i18n/LangContext";
import { loadClient } from "./api-client";
import { useContractForm, type ContractForm, type ContractFormOptions, type FormValues, type SendResult } from "./useContractForm";
import type { FormWords } from "./useFormWords";
import { choicesOf, type FormRules } from "./validation";

/*
 * What every form of the registry shares besides its markup
 * (RegisteredForm.tsx): its call (the path, content type and fixed mailType of
 * its operation's rules) and its messages (its data file). Kept apart from the
 * markup so a form that draws its own fields (the newsletter sign-up, on every
 * page) does not bring every kind of field into every page's first load.
 */

type Send = (path: string, body: Record<string, unknown>) => Promise<SendResult>;

export interface RegisteredFormOptions<V extends FormValues>
  extends Omit<ContractFormOptions<V>, "rules" | "send" | "successMessage" | "failureMessage" | "genericFailure" | "logFailure"> {
  /** Another success message than the data file's (the careers page's talent community). */
  successMessage?: string;
}

/**
 * The state of a form of the registry: posts to its operation's path (JSON, or
 * multipart with its files), with the contract's mailType unless the form
 * holds one; says its data file's success, and its own failure message (the
 * failure then logged) or the server's. On an Arabic page, never the server's
 * English message: each field's broken rule in the data file's Arabic words
 * (failure-words.ts).
 */
export function useRegisteredForm<V extends FormValues>(operationRules: object, words: FormWords, options: RegisteredFormOptions<V>): ContractForm<V> {
  const rules = operationRules as FormRules; // src/contract/form-rules/<operationId>.json, checked against the contract by tests/unit/form-rules.test.ts
  const { fixed } = options;
  const withMailType = useMemo(
    () => ("mailType" in options.initialValues ? fixed : { mailType: choicesOf(rules, "mailType")[0], ...fixed }),
    [rules, fixed, options.initialValues],
  );
  const failure = words.failure;
  const lang = useLang();
  return useContractForm({
    ...options,
    rules,
    fixed: withMailType,
    send: async (body, idempotencyKey) => {
      const client = await loadClient();
      const headers = { "Idempotency-Key": idempotencyKey };
      if (rules.contentType === "multipart/form-data") return client.postMultipart(rules.path as Parameters<typeof client.postMultipart>[0], body as never, client.api, headers);
      return (client.api.POST as unknown as Send)(rules.path, { body, headers } as never);
    },
    labels: words.fieldWords,
    successMessage: options.successMessage ?? words.success,
    failureMessage: failure
      ? () => failure
      : lang === "en"
        ? async (reason) => (await loadClient()).errorMessage(reason, words.common.failure)
        : // In the page's words, loaded only when an Arabic page's form is refused (never on English pages).
          async (reason) => (await import(/* webpackChunkName: "failure-words" */ "./failure-words")).failureInWords(reason, words),
    logFailure: Boolean(failure),
    genericFailure: words.common.failure,
  });
}

