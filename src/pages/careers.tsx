import React, { useCallback, useEffect, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import type { ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../components/Picture";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { ApplicationModal, type CareersApplicationData } from "../components/careers/ApplicationModal";
import { RoleCard, type CareersRoleData } from "../components/careers/RoleCard";
import { TalentCommunity, type CareersTalentCommunityData } from "../components/careers/TalentCommunity";
import { useSiteData } from "../hooks/useSiteData";
import * as styles from "./careers.module.css";

interface CareersData {
  page: {
    meta: { title: string; description: string };
    hero: { eyebrow: string; heading: string; text: string };
    intro: { heading: string; paragraphs: string[]; points: string[]; image: ImageDataLike; imageAlt: string };
    openings: {
      heading: string;
      text: string;
      locationLabel: string;
      typeLabel: string;
      responsibilitiesLabel: string;
      applyLabel: string;
      roles: CareersRoleData[];
    };
    application: CareersApplicationData;
    talentCommunity: CareersTalentCommunityData;
  };
}

const APPLICATION_MODAL_ID = "career-application";

/** Worked out at build time (gatsby-node.ts): one schema.org JobPosting per opening. */
interface CareersContext {
  jsonLd: Record<string, unknown>[];
}

export default function CareersPage({ data }: PageProps<CareersData>): React.ReactElement {
  const { page } = data;
  const { company } = useSiteData();
  const [jobRole, setJobRole] = useState("");
  const [open, setOpen] = useState(false);
  // The Apply buttons work once React has taken over the static page.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const onClose = useCallback(() => setOpen(false), []);
  const onApply = useCallback((role: string) => {
    setJobRole(role);
    setOpen(true);
  }, []);

  // Where each role is: its own location, else the head office (as its JobPosting says).
  const headOffice = `${company.address.locality}, ${company.address.country}`;
  const image = imageOf(page.intro.image);

  return (
    <Layout>
      <section className={styles.hero}>
        <div className="container">
          <p className={styles.eyebrow}>{page.hero.eyebrow}</p>
          <h1 className={styles.heading}>{page.hero.heading}</h1>
          <p className={styles.lead}>{page.hero.text}</p>
        </div>
      </section>

      <section className="section" aria-labelledby="careers-intro">
        <div className={`container ${styles.intro}`}>
          <div>
            <h2 id="careers-intro">{page.intro.heading}</h2>
            {page.intro.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <ul className={styles.points}>
              {page.intro.points.map((point) => (
                <li key={point}>{point}</li>
              ))}
            </ul>
          </div>
          {image && <Picture image={image} alt={page.intro.imageAlt} className={styles.image} />}
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="careers-openings">
        <div className="container">
          <h2 id="careers-openings">{page.openings.heading}</h2>
          <p className={styles.sectionText}>{page.openings.text}</p>
          <ul className={styles.roles} data-testid="open-roles" data-hydrated={hydrated}>
            {page.openings.roles.map((role) => (
              <li key={role.title}>
                <RoleCard
                  role={role}
                  location={role.location?.trim() || headOffice}
                  modalId={APPLICATION_MODAL_ID}
                  labels={{
                    location: page.openings.locationLabel,
                    type: page.openings.typeLabel,
                    responsibilities: page.openings.responsibilitiesLabel,
                    apply: page.openings.applyLabel,
                  }}
                  onApply={onApply}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="container section">
        <TalentCommunity data={page.talentCommunity} />
      </div>

      <ApplicationModal
        id={APPLICATION_MODAL_ID}
        open={open}
        jobRole={jobRole}
        onClose={onClose}
        text={page.application}
      />
    </Layout>
  );
}

export const query = graphql`
  query CareersPage($lang: String!) {
    page: careersJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        eyebrow
        heading
        text
      }
      intro {
        heading
        paragraphs
        points
        image {
          childImageSharp {
            gatsbyImageData(width: 560, layout: CONSTRAINED)
          }
        }
        imageAlt
      }
      openings {
        heading
        text
        locationLabel
        typeLabel
        responsibilitiesLabel
        applyLabel
        roles {
          title
          type
          description
          responsibilities
          location
        }
      }
      application {
        titlePrefix
        defaultTitle
        roleLabel
      }
      talentCommunity {
        heading
        text
        form {
          submit
          success
        }
      }
    }
  }
`;

export function Head({ data, location, pageContext }: HeadProps<CareersData, CareersContext>): React.ReactElement {
  return (
    <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname}>
      {pageContext.jsonLd.map((item, i) => (
        <JsonLd key={i} data={item} />
      ))}
    </Seo>
  );
}
