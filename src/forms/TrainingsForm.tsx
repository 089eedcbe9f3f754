import React from "react";
import { TransferPartnerForm } from "./TransferPartnerForm";
import { SmeForm } from "./SmeForm";
import { RequestForTrainingForm } from "./RequestForTrainingForm";

/** The trainings page's form slots (data/trainings.json cards[].formSlot). */
export type TrainingsFormSlot = "request-for-training" | "sme-registration" | "knowledge-transfer-partner";

interface TrainingsFormProps {
  slot: string;
  /** Called after a success: the page closes the modal. */
  onSuccess?: () => void;
}

/** The form of one trainings card, by its slot name. */
export function TrainingsForm({ slot, onSuccess }: TrainingsFormProps): React.ReactElement | null {
  switch (slot as TrainingsFormSlot) {
    case "request-for-training":
      return <RequestForTrainingForm onSuccess={onSuccess} />;
    case "sme-registration":
      return <SmeForm onSuccess={onSuccess} />;
    case "knowledge-transfer-partner":
      return <TransferPartnerForm onSuccess={onSuccess} />;
    default:
      return null;
  }
}
