import React, { useEffect, useId, useRef } from "react";
import { Icon } from "./Icon";
import { useSiteData } from "../hooks/useSiteData";
import * as styles from "./Modal.module.css";
import { reachForms } from "../forms/island";

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: React.ReactNode;
  /** Stable id of the dialog element (e.g. for tests and for aria-controls on the opener). */
  id?: string;
  size?: "md" | "lg";
}

/**
 * The site's one modal, on the native <dialog> element: opened with
 * showModal() so the rest of the page is inert (focus stays inside), closed by
 * its close button, by a click on the backdrop or by Escape; focus goes back to
 * the element that opened it.
 */
export function Modal({ open, onClose, title, children, id, size = "md" }: ModalProps): React.ReactElement {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      opener.current = document.activeElement as HTMLElement | null;
      el.showModal();
      // A dialog opened is a visitor reaching for the form it holds: its code loads now (src/forms/island.tsx).
      reachForms();
    } else if (!open && el.open) {
      el.close();
    }
  }, [open]);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    const onNativeClose = () => {
      opener.current?.focus();
      opener.current = null;
      onClose();
    };
    el.addEventListener("close", onNativeClose);
    return () => el.removeEventListener("close", onNativeClose);
  }, [onClose]);

  const closeLabel = useSiteData().navigation.frame.close;
  const onClick = (event: React.MouseEvent<HTMLDialogElement>) => {
    // A click on the dialog element itself (not on its content) is a click on the backdrop.
    if (event.target === dialog.current) dialog.current?.close();
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog ref={dialog} id={id} className={styles.dialog} data-size={size} aria-labelledby={titleId} onClick={onClick}>
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={() => dialog.current?.close()} aria-label={closeLabel}>
            <Icon name="close" />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </dialog>
  );
}
