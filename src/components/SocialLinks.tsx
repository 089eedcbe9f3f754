import React from "react";
import type { SocialLinkData } from "../hooks/useSiteData";
import { Icon, type IconName } from "./Icon";
import * as styles from "./SocialLinks.module.css";

interface SocialLinksProps {
  links: SocialLinkData[];
  /** The list's name, and the note beside a channel not set up yet (data/navigation.json `frame`). */
  words: { socialMedia: string; comingSoon: string };
  className?: string;
}

/** The company's social channels; a channel not yet set up is shown, but not as a link. */
export function SocialLinks({ links, words, className }: SocialLinksProps): React.ReactElement {
  return (
    <ul className={`${styles.list} ${className ?? ""}`} aria-label={words.socialMedia}>
      {links.map((link) => (
        <li key={link.network}>
          {link.placeholder ? (
            <span className={styles.placeholder} title={`${link.label} (${words.comingSoon})`}>
              <Icon name={link.network as IconName} title={`${link.label} (${words.comingSoon})`} />
            </span>
          ) : (
            <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
              <Icon name={link.network as IconName} title={link.label} />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
