import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { BulletPanel, type BulletPanelData } from "../components/services/BulletPanel";
import { OfferingCard } from "../components/services/OfferingCard";
import { ServiceHero, type ServiceHeroData } from "../components/services/ServiceHero";
import { ServiceOverview, type ServiceOverviewData } from "../components/services/ServiceOverview";
import { formIsland } from "../forms/island";
import * as styles from "./manufacturing.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const DemoForm = formIsland(() => import("../forms/DemoForm"));

interface ManufacturingData {
  page: {
    meta: { title: string; description: string };
    hero: ServiceHeroData;
    overview: ServiceOverviewData;
    capabilities: { heading: string; intro: string; items: { icon: string; title: string; text: string }[] };
    approach: BulletPanelData;
    demo: { heading: string; text: string };
  };
}

const DEMO_ID = "schedule-a-demo";

export default function ManufacturingPage({ data }: PageProps<ManufacturingData>): React.ReactElement {
  const { hero, overview, capabilities, approach, demo } = data.page;
  return (
    <Layout headerVariant="white">
      <ServiceHero {...hero}>
        <a href={`#${DEMO_ID}`} className="btn">
          {demo.heading}
        </a>
      </ServiceHero>

      <ServiceOverview {...overview} />

      <section className="section section-alt" aria-labelledby="manufacturing-capabilities">
        <div className="container">
          <h2 id="manufacturing-capabilities">{capabilities.heading}</h2>
          <p className={styles.lead}>{capabilities.intro}</p>
          <ul className={styles.cards} aria-labelledby="manufacturing-capabilities">
            {capabilities.items.map((item) => (
              <li key={item.title}>
                <OfferingCard icon={item.icon} title={item.title} summary={item.text} />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" id={DEMO_ID} aria-labelledby={`${DEMO_ID}-heading`}>
        <div className={`container ${styles.demoGrid}`}>
          <BulletPanel {...approach} />
          <div className={styles.demo}>
            <h2 id={`${DEMO_ID}-heading`}>{demo.heading}</h2>
            <p className={styles.lead}>{demo.text}</p>
            <DemoForm />
          </div>
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query ManufacturingPage($lang: String!) {
    page: manufacturingJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        ...ServicesHeroFields
      }
      overview {
        ...ServicesOverviewFields
      }
      capabilities {
        heading
        intro
        items {
          icon
          title
          text
        }
      }
      approach {
        ...ServicesBulletPanelFields
      }
      demo {
        heading
        text
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<ManufacturingData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
