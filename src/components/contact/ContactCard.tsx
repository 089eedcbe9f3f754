import React from "react";
import { FeatureIcon } from "../icons/FeatureIcon";
import * as styles from "./ContactCard.module.css";

export interface ContactCardData {
  id: string;
  title: string;
  email: string;
  icon: string;
}

/** One institutional inbox: icon, title and its e-mail address as a mailto link. */
export function ContactCard({ card }: { card: ContactCardData }): React.ReactElement {
  // A line break may come after the "@" on narrow cards, not in the middle of a word.
  const at = card.email.lastIndexOf("@");
  const local = card.email.slice(0, at);
  const domain = card.email.slice(at + 1);
  return (
    <article className={styles.card} data-testid="contact-card">
      <span className={styles.icon}>
        <FeatureIcon name={card.icon} size={26} />
      </span>
      <h3 className={styles.title}>{card.title}</h3>
      <a className={styles.email} href={`mailto:${card.email}`} dir="ltr">
        {local}@<wbr />
        {domain}
      </a>
    </article>
  );
}
