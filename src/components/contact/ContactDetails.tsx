import React from "react";
import { useSiteData, type SiteData, type SocialLinkData } from "../../hooks/useSiteData";
import { Icon } from "../Icon";
import { SocialLinks } from "../SocialLinks";
import { unbreakable } from "../../shared/utils/template";
import * as styles from "./ContactDetails.module.css";

export interface ContactDetailsText {
  heading: string;
  headOfficeTitle: string;
  addressLabel: string;
  phoneLabel: string;
  emailLabel: string;
  socialHeading: string;
}

interface ContactDetailsProps {
  company: SiteData["company"];
  text: ContactDetailsText;
  social: SocialLinkData[];
}

/** The head office: address, phone and general e-mail (from the company data), and the social channels. */
export function ContactDetails({ company, text, social }: ContactDetailsProps): React.ReactElement {
  const { frame } = useSiteData().navigation;
  return (
    <div>
      <h2 id="contact-details">{text.heading}</h2>
      <div className={styles.card} data-testid="head-office">
        <h3 className={styles.title}>{text.headOfficeTitle}</h3>
        <dl className={styles.list}>
          <div className={styles.row}>
            <dt>
              <Icon name="location" size={20} className={styles.icon} />
              <span className="visually-hidden">{text.addressLabel}</span>
            </dt>
            <dd>
              <address className={styles.address}>
                {company.legalName}
                {company.address.lines.map((line) => (
                  <React.Fragment key={line}>
                    <br />
                    {line}
                  </React.Fragment>
                ))}
              </address>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <Icon name="phone" size={20} className={styles.icon} />
              <span className="visually-hidden">{text.phoneLabel}</span>
            </dt>
            <dd>
              <a href={company.phoneHref} dir="ltr">{unbreakable(company.phone)}</a>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <Icon name="mail" size={20} className={styles.icon} />
              <span className="visually-hidden">{text.emailLabel}</span>
            </dt>
            <dd>
              <a href={`mailto:${company.email}`} dir="ltr">{company.email}</a>
            </dd>
          </div>
        </dl>
      </div>
      <h3 className={styles.socialHeading}>{text.socialHeading}</h3>
      <SocialLinks links={social} words={frame} className={styles.social} />
    </div>
  );
}
