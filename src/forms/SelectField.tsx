import React from "react";
import { fieldId, Hint, RequiredMark, stringValue, type AnyForm, type BaseProps, type Choice } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface SelectFieldProps<V extends FormValues> extends BaseProps<V> {
  choices: Choice[];
  /** The first, empty option ("Select a region") when the field has no default. */
  placeholder?: string;
  autoComplete?: string;
}

export function SelectField<V extends FormValues>(props: SelectFieldProps<V>): React.ReactElement {
  const { form, name, label, hint, choices, placeholder, autoComplete, className } = props;
  const f = form as unknown as AnyForm;
  const id = fieldId(f, name);
  const hintId = `${id}-hint`;
  const required = props.required ?? f.isRequired(name);
  const invalid = f.showInvalid(name);
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && props.markRequired !== false && <RequiredMark />}
      </label>
      <select
        id={id}
        name={name}
        value={stringValue(f.values[name])}
        required={required}
        autoComplete={autoComplete}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        className={`${styles.control} ${styles.select} ${invalid ? styles.invalid : ""}`}
        onChange={(e) => {
          f.setValue(name, e.target.value);
          f.touch(name);
        }}
        onBlur={() => f.touch(name)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <Hint id={hintId} text={hint} />
    </div>
  );
}
