import React from "react";
import { FeatureIcon } from "../icons/FeatureIcon";
import * as styles from "./FlipCard.module.css";

interface FlipCardProps {
  icon: string;
  title: string;
  /** One line shown on the back. */
  summary: string;
  /** Visible text of the button; its accessible name adds the title. */
  buttonLabel: string;
  /** Id of the dialog the button opens. */
  controls: string;
  onOpen: () => void;
}

/**
 * A card that turns over (CSS 3D) on hover and when its button has focus:
 * icon and title on the front, a one-line summary on the back. Both faces
 * stay in the document for screen readers; the button is the card's only
 * focusable element and its hit area covers the whole card (touch).
 * Under prefers-reduced-motion the faces cross-fade instead of turning.
 */
export function FlipCard({ icon, title, summary, buttonLabel, controls, onOpen }: FlipCardProps): React.ReactElement {
  return (
    <div className={styles.card}>
      <div className={styles.inner} data-flip-inner="">
        <div className={`${styles.face} ${styles.front}`} data-face="front">
          <span className={styles.icon}>
            <FeatureIcon name={icon} size={36} />
          </span>
          <h3 className={styles.title}>{title}</h3>
        </div>
        <div className={`${styles.face} ${styles.back}`} data-face="back">
          <p className={styles.summary}>{summary}</p>
        </div>
      </div>
      <button
        type="button"
        className={styles.button}
        aria-haspopup="dialog"
        aria-controls={controls}
        aria-label={`${buttonLabel}: ${title}`}
        onClick={onOpen}
      >
        {buttonLabel}
      </button>
    </div>
  );
}
