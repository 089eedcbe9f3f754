import React from "react";
import { Link } from "../i18n/Link";
import { formIsland } from "../forms/island";
import { useSiteData } from "../hooks/useSiteData";
import { unbreakable } from "../shared/utils/template";
import { Icon } from "./Icon";
import { Logo } from "./Logo";
import { SocialLinks } from "./SocialLinks";
import * as styles from "./Footer.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const NewsLetterForm = formIsland(() => import("../forms/NewsLetterForm"));

export function Footer(): React.ReactElement {
  const { company, navigation } = useSiteData();
  const { footer } = navigation;
  const year = new Date().getFullYear();

  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo name={company.name} shortName={company.shortName} />
          <p className={styles.tagline}>{footer.tagline}</p>
          <address className={styles.address}>
            <span className={styles.line}>
              <Icon name="location" size={18} />
              {company.address.lines.join(", ")}
            </span>
            <a className={styles.line} href={company.phoneHref}>
              <Icon name="phone" size={18} />
              <span dir="ltr">{unbreakable(company.phone)}</span>
            </a>
            <a className={styles.line} href={`mailto:${company.email}`}>
              <Icon name="mail" size={18} />
              <span dir="ltr">{company.email}</span>
            </a>
          </address>
        </div>

        {footer.columns.map((column) => (
          <nav key={column.title} aria-label={column.title} className={styles.column}>
            <h2 className={styles.heading}>{column.title}</h2>
            <ul className={styles.links}>
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.placeholder ? (
                    <span className={styles.placeholder}>
                      {link.label} <small>({footer.placeholderNote})</small>
                    </span>
                  ) : (
                    <Link to={link.to}>{link.label}</Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}

        <section className={styles.column} aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={styles.heading}>
            {footer.newsletter.title}
          </h2>
          <p>{footer.newsletter.text}</p>
          <NewsLetterForm />
          <SocialLinks links={navigation.social} words={navigation.frame} className={styles.social} />
        </section>
      </div>
      <div className={styles.bottom}>
        <div className="container">
          © {year} {company.legalName}. {footer.copyright}
        </div>
      </div>
    </footer>
  );
}

