import React from "react";
import { FieldLabel, fieldState, Hint, stringValue, type BaseProps, type Choice } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface SelectFieldProps<V extends FormValues> extends BaseProps<V> {
  choices: Choice[];
  /** The first, empty option ("Select a region") when the field has no default. */
  placeholder?: string;
  autoComplete?: string;
}

export function SelectField<V extends FormValues>(props: SelectFieldProps<V>): React.ReactElement {
  const { name, label, hint, choices, placeholder, autoComplete, className } = props;
  const { f, id, hintId, required, invalid } = fieldState(props);
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <FieldLabel id={id} label={label} required={required} markRequired={props.markRequired} />
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
