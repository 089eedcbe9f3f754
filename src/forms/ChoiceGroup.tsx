import React from "react";
import { fieldId, Hint, RequiredMark, type AnyForm, type BaseProps, type Choice } from "./field-parts";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface ChoiceGroupProps<V extends FormValues> extends BaseProps<V> {
  choices: Choice[];
  /** radio: one value; checkbox: a list of values. */
  kind: "radio" | "checkbox";
}

/** A group of radio buttons or checkboxes in a fieldset; the whole group is marked invalid. */
export function ChoiceGroup<V extends FormValues>(props: ChoiceGroupProps<V>): React.ReactElement {
  const { form, name, label, hint, choices, kind, className } = props;
  const f = form as unknown as AnyForm;
  const id = fieldId(f, name);
  const hintId = `${id}-hint`;
  const required = props.required ?? f.isRequired(name);
  const invalid = f.showInvalid(name);
  const value = f.values[name];
  const ticked = Array.isArray(value) ? value : [];
  return (
    <fieldset
      className={`${styles.group} ${invalid ? styles.invalid : ""} ${className ?? ""}`}
      aria-describedby={hint ? hintId : undefined}
      id={id}
      tabIndex={-1}
      {...(kind === "radio" ? { role: "radiogroup", "aria-required": required || undefined, "aria-invalid": invalid || undefined } : {})}
    >
      <legend className={styles.label}>
        {label}
        {required && props.markRequired !== false && <RequiredMark />}
      </legend>
      <Hint id={hintId} text={hint} />
      <div className={kind === "radio" ? styles.inline : styles.options}>
        {choices.map((choice) => (
          <label key={choice.value} className={styles.option}>
            <input
              type={kind}
              name={name}
              value={choice.value}
              aria-invalid={kind === "checkbox" && invalid ? true : undefined}
              checked={kind === "radio" ? value === choice.value : ticked.includes(choice.value)}
              onChange={(e) => {
                if (kind === "radio") f.setValue(name, choice.value);
                else f.setValue(name, e.target.checked ? [...ticked, choice.value] : ticked.filter((v) => v !== choice.value));
                f.touch(name);
              }}
            />
            <span>{choice.label}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
