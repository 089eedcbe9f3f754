import React from "react";
import type { FormStatusMessage } from "./useContractForm";
import * as styles from "./Form.module.css";

/** The two message regions of a form, present (empty) from the start so assistive technology announces them. */
export function FormStatus({ status, className }: { status: FormStatusMessage | null; className?: string }): React.ReactElement {
  return (
    <div className={className}>
      <div role="status" className={`${styles.status} ${styles.success}`}>
        {status?.kind === "success" ? status.text : null}
      </div>
      <div role="alert" className={`${styles.status} ${styles.error}`}>
        {status?.kind === "error" ? status.text : null}
      </div>
    </div>
  );
}

/** "Fields marked * are required." */
export function RequiredNote({ text }: { text: string }): React.ReactElement {
  return <p className={styles.note}>{text}</p>;
}
