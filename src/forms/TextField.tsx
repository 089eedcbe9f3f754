import React from "react";
import { fieldId, Hint, RequiredMark, stringValue, type AnyForm, type BaseProps } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface TextFieldProps<V extends FormValues> extends BaseProps<V> {
  type?: "text" | "email" | "tel" | "number" | "url";
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  min?: number;
  step?: number | "any";
  /** A textarea of this many rows. */
  rows?: number;
}

/** A text input (or textarea with `rows`). Its maxLength is the contract's unless given. */
export function TextField<V extends FormValues>(props: TextFieldProps<V>): React.ReactElement {
  const { form, name, label, hint, type = "text", autoComplete, inputMode, min, step, rows, className } = props;
  const f = form as unknown as AnyForm;
  const id = fieldId(f, name);
  const hintId = `${id}-hint`;
  const required = props.required ?? f.isRequired(name);
  const invalid = f.showInvalid(name);
  const maxLength = props.maxLength ?? f.rules.schema.properties[name]?.maxLength;
  const common = {
    id,
    name,
    value: stringValue(f.values[name]),
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": hint ? hintId : undefined,
    className: `${styles.control} ${invalid ? styles.invalid : ""}`,
    maxLength,
    autoComplete,
    onBlur: () => f.touch(name),
  };
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && props.markRequired !== false && <RequiredMark />}
      </label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => f.setValue(name, e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} min={min} step={step} onChange={(e) => f.setValue(name, e.target.value)} />
      )}
      <Hint id={hintId} text={hint} />
    </div>
  );
}
