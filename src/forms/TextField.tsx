import React from "react";
import { FieldLabel, fieldState, Hint, stringValue, type BaseProps } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface TextFieldProps<V extends FormValues> extends BaseProps<V> {
  /** Never "number" (it refuses Arabic-Indic digits): a number is text with inputMode numeric or decimal. */
  type?: "text" | "email" | "tel" | "url";
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  /** A textarea of this many rows. */
  rows?: number;
}

/** A text input (or textarea with `rows`). Its maxLength is the contract's unless given. */
export function TextField<V extends FormValues>(props: TextFieldProps<V>): React.ReactElement {
  const { name, label, hint, type = "text", autoComplete, inputMode, rows, className } = props;
  const { f, id, hintId, required, invalid } = fieldState(props);
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
      <FieldLabel id={id} label={label} required={required} markRequired={props.markRequired} />
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => f.setValue(name, e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => f.setValue(name, e.target.value)} />
      )}
      <Hint id={hintId} text={hint} />
    </div>
  );
}
