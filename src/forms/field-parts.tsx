import React from "react";
import type { ContractForm, FieldValue, FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

/*
 * The markup of every form field: a visible label, the required mark when the
 * contract (or the field) requires it, a short hint tied with aria-describedby
 * where a format is not obvious, and, once the field was visited and breaks a
 * rule, a red border and aria-invalid="true". No per-field error text (spec
 * section 5).
 */

export type AnyForm = ContractForm<FormValues>;

export interface BaseProps<V extends FormValues> {
  form: ContractForm<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  /** Shown as required even when the contract does not say so (the demo's acceptTerms). */
  required?: boolean;
  /** Show the * of a required field (default true; a one-field form needs none). */
  markRequired?: boolean;
  className?: string;
}

export function fieldId(form: AnyForm, name: string): string {
  return `${form.id}-${name}`;
}

export function RequiredMark(): React.ReactElement {
  return (
    <span className={styles.required} aria-hidden="true">
      {" "}
      *
    </span>
  );
}

export function Hint({ id, text }: { id: string; text?: string }): React.ReactElement | null {
  return text ? (
    <p id={id} className={styles.hint}>
      {text}
    </p>
  ) : null;
}

export function stringValue(value: FieldValue | undefined): string {
  return typeof value === "string" ? value : "";
}

export interface Choice {
  value: string;
  label: string;
}
