import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { ContactCard, type ContactCardData } from "../components/contact/ContactCard";
import { ContactDetails, type ContactDetailsText } from "../components/contact/ContactDetails";
import { MapEmbed } from "../components/contact/MapEmbed";
import { formIsland } from "../forms/island";
import { RegionalOffices, type ContactOfficesData } from "../components/contact/RegionalOffices";
import { useSiteData, type SocialLinkData } from "../hooks/useSiteData";
import * as styles from "./contact.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const ContactUsForm = formIsland(() => import("../forms/ContactUsForm"));

interface ContactData {
  page: {
    meta: { title: string; description: string };
    hero: { eyebrow: string; heading: string; text: string };
    details: ContactDetailsText;
    offices: ContactOfficesData;
    form: { heading: string; text: string };
    cards: { heading: string; text: string };
    contactCards: ContactCardData[];
    map: { heading: string; text: string; image: ImageDataLike; imageAlt: string; buttonLabel: string; iframeTitle: string };
    social: SocialLinkData[];
  };
}

/** Worked out at build time (gatsby-node.ts): the organisation with one ContactPoint per contact card. */
interface ContactContext {
  jsonLd: Record<string, unknown>[];
}

export default function ContactPage({ data }: PageProps<ContactData>): React.ReactElement {
  const { page } = data;
  const { company } = useSiteData();

  return (
    <Layout>
      <section className={styles.hero}>
        <div className="container">
          <p className={styles.eyebrow}>{page.hero.eyebrow}</p>
          <h1 className={styles.heading}>{page.hero.heading}</h1>
          <p className={styles.lead}>{page.hero.text}</p>
        </div>
      </section>

      <div className={`container section ${styles.top}`}>
        <section aria-labelledby="contact-details">
          <ContactDetails company={company} text={page.details} social={page.social} />
          <RegionalOffices data={page.offices} />
        </section>

        <section className={styles.formBox} aria-labelledby="contact-form">
          <h2 id="contact-form">{page.form.heading}</h2>
          <p>{page.form.text}</p>
          <ContactUsForm />
        </section>
      </div>

      <section className="section section-alt" aria-labelledby="contact-cards">
        <div className="container">
          <h2 id="contact-cards">{page.cards.heading}</h2>
          <p className={styles.sectionText}>{page.cards.text}</p>
          <ul className={styles.cards}>
            {page.contactCards.map((card) => (
              <li key={card.id}>
                <ContactCard card={card} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="contact-map">
        <div className="container">
          <h2 id="contact-map">{page.map.heading}</h2>
          <p className={styles.sectionText}>{page.map.text}</p>
          <MapEmbed
            query={company.address.mapQuery}
            image={page.map.image}
            imageAlt={page.map.imageAlt}
            buttonLabel={page.map.buttonLabel}
            iframeTitle={page.map.iframeTitle}
          />
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query ContactPage($lang: String!) {
    page: contactJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        eyebrow
        heading
        text
      }
      details {
        heading
        headOfficeTitle
        addressLabel
        phoneLabel
        emailLabel
        socialHeading
      }
      offices {
        heading
        label
        text
        items {
          name
        }
      }
      form {
        heading
        text
      }
      cards {
        heading
        text
      }
      contactCards {
        id
        title
        email
        icon
      }
      map {
        heading
        text
        image {
          childImageSharp {
            gatsbyImageData(width: 1200, layout: CONSTRAINED)
          }
        }
        imageAlt
        buttonLabel
        iframeTitle
      }
      social {
        network
        label
        href
        placeholder
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<ContactData, ContactContext>): React.ReactElement {
  return (
    <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname}>
      {pageContext.jsonLd.map((item, i) => (
        <JsonLd key={i} data={item} />
      ))}
    </Seo>
  );
}
