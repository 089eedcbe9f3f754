import React, { useId } from "react";
import { Icon } from "../Icon";
import * as styles from "./SafetyNotice.module.css";

interface SafetyNoticeProps {
  title: string;
  paragraphs: string[];
}

/** The Warning tab's SAFETY NOTICE box with the danger icon, on every product page that has the tab. */
export function SafetyNotice({ title, paragraphs }: SafetyNoticeProps): React.ReactElement {
  const headingId = useId();
  return (
    <div role="note" aria-labelledby={headingId} className={styles.notice} data-testid="safety-notice">
      <Icon name="danger" size={36} className={styles.icon} />
      <div>
        <h3 id={headingId} className={styles.title}>
          {title}
        </h3>
        {paragraphs.map((p) => (
          <p key={p} className={styles.text}>
            {p}
          </p>
        ))}
      </div>
    </div>
  );
}
