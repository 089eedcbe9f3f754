import React from "react";
import { formIsland } from "../../forms/island";
import { Modal } from "../Modal";
import * as styles from "./ApplicationModal.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const CareersForm = formIsland(() => import("../../forms/CareersForm"));

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
