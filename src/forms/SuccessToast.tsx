import React, { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { FormStatus } from "./FormStatus";
import type { FormStatusMessage } from "./useContractForm";
import * as styles from "./SuccessToast.module.css";

interface SuccessToastProps {
  /** The message to show; null shows nothing (the live region stays, empty). */
  message: string | null;
  onDismiss: () => void;
  dismissLabel: string;
}

/**
 * The success message of a form whose modal closes on success (the careers,
 * training, SME and partnership modals do):
 * a status region rendered into <body>, outside the closed dialog, so it stays
 * visible and is announced. It stays until dismissed.
 */
export function SuccessToast({ message, onDismiss, dismissLabel }: SuccessToastProps): React.ReactElement | null {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return createPortal(
    <div role="status" className={message ? styles.toast : styles.empty}>
      {message && (
        <>
          <span className={styles.text}>{message}</span>
          <button type="button" className={styles.dismiss} onClick={onDismiss}>
            {dismissLabel}
          </button>
        </>
      )}
    </div>,
    document.body,
  );
}

interface ModalFormStatusProps {
  status: FormStatusMessage | null;
  clearStatus: () => void;
  /** The form is in a modal that closes on success: the success message shows outside it. */
  inModal: boolean;
  dismissLabel: string;
}

/** A modal form's messages: failures inside the form, a success outside the closed modal. */
export function ModalFormStatus({ status, clearStatus, inModal, dismissLabel }: ModalFormStatusProps): React.ReactElement {
  if (!inModal) return <FormStatus status={status} />;
  return (
    <>
      <FormStatus status={status?.kind === "error" ? status : null} />
      <SuccessToast message={status?.kind === "success" ? status.text : null} onDismiss={clearStatus} dismissLabel={dismissLabel} />
    </>
  );
}
