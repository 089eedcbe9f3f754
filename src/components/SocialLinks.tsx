import React from "react";
import type { SocialLinkData } from "../hooks/useSiteData";
import { Icon, type IconName } from "./Icon";
import * as styles from "./SocialLinks.module.css";

interface SocialLinksProps {
  links: SocialLinkData[];
  className?: string;
}

/** The company's social channels; a channel not yet set up is shown, but not as a link. */
export function SocialLinks({ links, className }: SocialLinksProps): React.ReactElement {
  return (
    <ul className={`${styles.list} ${className ?? ""}`} aria-label="Social media">
      {links.map((link) => (
        <li key={link.network}>
          {link.placeholder ? (
            <span className={styles.placeholder} title={`${link.label} (coming soon)`}>
              <Icon name={link.network as IconName} title={`${link.label} (coming soon)`} />
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
