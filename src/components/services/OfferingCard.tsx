import React from "react";
import { FeatureIcon } from "../icons/FeatureIcon";
import * as styles from "./OfferingCard.module.css";

interface OfferingCardAction {
  /** Visible button text. */
  label: string;
  /** Added to the accessible name after the label ("Label: context"), so that each button's name is unique. */
  context?: string;
  /** Id of the dialog the button opens. */
  controls: string;
  onOpen: () => void;
}

interface OfferingCardProps {
  icon: string;
  title: string;
  summary: string;
  action?: OfferingCardAction;
}

/** A card with an icon, a title, a one-line summary and, optionally, a button that opens a modal. */
export function OfferingCard({ icon, title, summary, action }: OfferingCardProps): React.ReactElement {
  return (
    <article className={styles.card}>
      <span className={styles.icon}>
        <FeatureIcon name={icon} size={32} />
      </span>
      <h3 className={styles.title}>{title}</h3>
      <p className={styles.summary}>{summary}</p>
      {action && (
        <button
          type="button"
          className={`btn btn-dark ${styles.button}`}
          aria-haspopup="dialog"
          aria-controls={action.controls}
          aria-label={action.context ? `${action.label}: ${action.context}` : undefined}
          onClick={action.onOpen}
        >
          {action.label}
        </button>
      )}
    </article>
  );
}
