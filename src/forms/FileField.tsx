import React, { useEffect, useRef } from "react";
import { fieldId, Hint, RequiredMark, type AnyForm, type BaseProps } from "./field-parts";
import { acceptFor } from "./validation";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface FileFieldProps<V extends FormValues> extends BaseProps<V> {
  /** Shows "<label> <file name>" under the input once a file is chosen. */
  chosenLabel?: string;
}

/** A file input for one document; `accept` comes from the contract's content types (".pdf,.doc,.docx"). */
export function FileField<V extends FormValues>(props: FileFieldProps<V>): React.ReactElement {
  const { form, name, label, hint, chosenLabel, className } = props;
  const f = form as unknown as AnyForm;
  const id = fieldId(f, name);
  const hintId = `${id}-hint`;
  const input = useRef<HTMLInputElement>(null);
  const required = props.required ?? f.isRequired(name);
  const invalid = f.showInvalid(name);
  const file = f.values[name];
  const chosen = file instanceof File ? file.name : "";

  useEffect(() => {
    if (!chosen && input.current) input.current.value = "";
  }, [chosen, f.resetCount]);

  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && props.markRequired !== false && <RequiredMark />}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        name={name}
        accept={acceptFor(f.rules.fileTypes[name] ?? [])}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        className={`${styles.control} ${styles.file} ${invalid ? styles.invalid : ""}`}
        onChange={(e) => {
          f.setValue(name, e.target.files?.[0] ?? null);
          f.touch(name);
        }}
      />
      <Hint id={hintId} text={hint} />
      {chosenLabel && chosen && (
        <p className={styles.chosen} data-chosen-file>
          {chosenLabel} <strong>{chosen}</strong>
        </p>
      )}
    </div>
  );
}
