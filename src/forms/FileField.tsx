import React, { useEffect, useRef } from "react";
import { FieldLabel, fieldState, Hint, type BaseProps } from "./field-parts";
import { acceptFor } from "./validation";
import type { FormValues } from "./useContractForm";
import * as styles from "./Form.module.css";

interface FileFieldProps<V extends FormValues> extends BaseProps<V> {
  /** Shows "<label> <file name>" under the input once a file is chosen. */
  chosenLabel?: string;
}

/** A file input for one document; `accept` comes from the contract's content types (".pdf,.doc,.docx"). */
export function FileField<V extends FormValues>(props: FileFieldProps<V>): React.ReactElement {
  const { name, label, hint, chosenLabel, className } = props;
  const { f, id, hintId, required, invalid } = fieldState(props);
  const input = useRef<HTMLInputElement>(null);
  const file = f.values[name];
  const chosen = file instanceof File ? file.name : "";

  useEffect(() => {
    if (!chosen && input.current) input.current.value = "";
  }, [chosen, f.resetCount]);

  return (
    <div className={`${styles.field} ${className ?? ""}`}>
      <FieldLabel id={id} label={label} required={required} markRequired={props.markRequired} />
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
