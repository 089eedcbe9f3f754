import React, { useId } from "react";
import { Icon } from "../Icon";
import { FeatureIcon } from "../icons/FeatureIcon";
import * as styles from "./RoleCard.module.css";

export interface CareersRoleData {
  title: string;
  type: string;
  description: string;
  responsibilities: string[];
  /** Where the role is, when not at the head office ("Locality, Country"). */
  location?: string | null;
}

interface RoleCardProps {
  role: CareersRoleData;
  /** Where the role is based: its own location, else the company's address. */
  location: string;
  labels: { location: string; type: string; responsibilities: string; apply: string };
  /** id of the application dialog the Apply button opens. */
  modalId: string;
  onApply: (roleTitle: string) => void;
}

/** One open position: title, employment type, location, description, responsibilities and the Apply button. */
export function RoleCard({ role, location, labels, modalId, onApply }: RoleCardProps): React.ReactElement {
  // The same at build and in the browser, whatever the title's script (an Arabic title has no Latin letter to make one of).
  const headingId = `role-${useId()}`;
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="role-card">
      <div className={styles.top}>
        <span className={styles.badge}>
          <span className="visually-hidden">{`${labels.type}: `}</span>
          {role.type}
        </span>
        <FeatureIcon name="careerBriefcase" className={styles.icon} />
      </div>
      <h3 id={headingId} className={styles.title}>
        {role.title}
      </h3>
      <p className={styles.location}>
        <Icon name="location" size={18} />
        <span className="visually-hidden">{`${labels.location}: `}</span>
        {location}
      </p>
      <p className={styles.description}>{role.description}</p>
      <h4 className={styles.subheading}>{labels.responsibilities}</h4>
      <ul className={styles.list}>
        {role.responsibilities.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <button
        type="button"
        className={`btn ${styles.apply}`}
        aria-haspopup="dialog"
        aria-controls={modalId}
        aria-describedby={headingId}
        onClick={() => onApply(role.title)}
      >
        {labels.apply}
      </button>
    </article>
  );
}
