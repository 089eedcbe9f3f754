import React from "react";
import { fieldId, RequiredMark, type AnyForm, type BaseProps } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

/** A single checkbox (the demo's acceptTerms). */
export function CheckboxField<V extends FormValues>(props: BaseProps<V>): React.ReactElement {
  const { form, name, label, className } = props;
  const f = form as unknown as AnyForm;
  const id = fieldId(f, name);
  const required = props.required ?? f.isRequired(name);
  const invalid = f.showInvalid(name);
  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label className={`${styles.option} ${styles.checkbox} ${invalid ? styles.invalid : ""}`}>
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={f.values[name] === true}
          required={required}
          aria-invalid={invalid || undefined}
          onChange={(e) => {
            f.setValue(name, e.target.checked);
            f.touch(name);
          }}
        />
        <span>
          {label}
          {required && props.markRequired !== false && <RequiredMark />}
        </span>
      </label>
    </div>
  );
}
