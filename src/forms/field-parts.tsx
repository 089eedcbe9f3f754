import React from "react";
import type { ContractForm, FieldValue, FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

/*
 * The markup of every form field: a visible label, the required mark when the
 * contract (or the field) requires it, a short hint tied with aria-describedby
 * where a format is not obvious, and, once the field was visited and breaks a
 * rule, a red border and aria-invalid="true". A field shows no error text of
 * its own.
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

/** What a field works out from its props: the form, its element's id, its hint's id, whether it is required and shown invalid. */
export function fieldState<V extends FormValues>(props: BaseProps<V>): { f: AnyForm; id: string; hintId: string; required: boolean; invalid: boolean } {
  const f = props.form as unknown as AnyForm;
  const id = fieldId(f, props.name);
  return { f, id, hintId: `${id}-hint`, required: props.required ?? f.isRequired(props.name), invalid: f.showInvalid(props.name) };
}

/** A field's visible label, with the required mark when it is required (and the mark is wanted). */
export function FieldLabel({ id, label, required, markRequired }: { id: string; label: string; required: boolean; markRequired?: boolean }): React.ReactElement {
  return (
    <label htmlFor={id} className={styles.label}>
      {label}
      {required && markRequired !== false && <RequiredMark />}
    </label>
  );
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
