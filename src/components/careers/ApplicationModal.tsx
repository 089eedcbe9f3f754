import React from "react";
import { CareersForm } from "../../forms/CareersForm";
import { Modal } from "../Modal";
import * as styles from "./ApplicationModal.module.css";

export interface CareersApplicationData {
  titlePrefix: string;
  defaultTitle: string;
  roleLabel: string;
}

interface ApplicationModalProps {
  id: string;
  open: boolean;
  /** The role being applied for: the modal opens with it and sends it as jobRole. */
  jobRole: string;
  onClose: () => void;
  text: CareersApplicationData;
}

/** The one application dialog of the careers page, titled with the chosen role. */
export function ApplicationModal({ id, open, jobRole, onClose, text }: ApplicationModalProps): React.ReactElement {
  const title = jobRole ? `${text.titlePrefix} ${jobRole}` : text.defaultTitle;
  return (
    <Modal id={id} open={open} onClose={onClose} title={title}>
      {jobRole && (
        <p className={styles.role}>
          {`${text.roleLabel}: `}
          <strong>{jobRole}</strong>
        </p>
      )}
      <CareersForm jobRole={jobRole} onSuccess={onClose} />
    </Modal>
  );
}
