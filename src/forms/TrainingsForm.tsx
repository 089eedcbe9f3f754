import React from "react";
import { TransferPartnerForm } from "./TransferPartnerForm";
import { SmeForm } from "./SmeForm";
import { RequestForTrainingForm } from "./RequestForTrainingForm";

interface TrainingsFormProps {
  /** The form's key (data/trainings.json cards[].form). */
  form: string;
  /** Called after a success: the page closes the modal. */
  onSuccess?: () => void;
}

/** The form of one trainings card, by its key. */
export function TrainingsForm({ form, onSuccess }: TrainingsFormProps): React.ReactElement | null {
  switch (form) {
    case "request_for_training":
      return <RequestForTrainingForm onSuccess={onSuccess} />;
    case "sme_form":
      return <SmeForm onSuccess={onSuccess} />;
    case "transfer_partner":
      return <TransferPartnerForm onSuccess={onSuccess} />;
    default:
      return null;
  }
}

export default TrainingsForm;
