import React, { useCallback, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Modal } from "../components/Modal";
import { Seo } from "../components/Seo";
import { BulletPanel, type BulletPanelData } from "../components/services/BulletPanel";
import { FlipCard } from "../components/services/FlipCard";
import { ServiceHero, type ServiceHeroData } from "../components/services/ServiceHero";
import { ServiceOverview, type ServiceOverviewData } from "../components/services/ServiceOverview";
import * as styles from "./lv-installation.module.css";

interface FlipCardData {
  id: string;
  icon: string;
  title: string;
  summary: string;
  description: string;
  points: string[];
}

interface LvInstallationData {
  page: {
    meta: { title: string; description: string };
    hero: ServiceHeroData;
    overview: ServiceOverviewData;
    servicesHeading: string;
    servicesIntro: string;
    buttonLabel: string;
    cards: FlipCardData[];
    benefits: BulletPanelData;
    apart: BulletPanelData;
  };
}

const modalId = (cardId: string): string => `lv-${cardId}`;

export default function LvInstallationPage({ data }: PageProps<LvInstallationData>): React.ReactElement {
  const { hero, overview, servicesHeading, servicesIntro, buttonLabel, cards, benefits, apart } = data.page;
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);

  return (
    <Layout headerVariant="white">
      <ServiceHero {...hero} />
      <ServiceOverview {...overview} />

      <section className="section section-alt" aria-labelledby="lv-services">
        <div className="container">
          <h2 id="lv-services">{servicesHeading}</h2>
          <p className={styles.lead}>{servicesIntro}</p>
          <ul className={styles.cards} aria-labelledby="lv-services">
            {cards.map((card) => (
              <li key={card.id}>
                <FlipCard
                  icon={card.icon}
                  title={card.title}
                  summary={card.summary}
                  buttonLabel={buttonLabel}
                  controls={modalId(card.id)}
                  onOpen={() => setOpenId(card.id)}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="section">
        <div className={`container ${styles.panels}`}>
          <BulletPanel {...benefits} />
          <BulletPanel {...apart} tone="dark" />
        </div>
      </div>

      {cards.map((card) => (
        <Modal key={card.id} id={modalId(card.id)} title={card.title} open={openId === card.id} onClose={close}>
          <p>{card.description}</p>
          <ul className={styles.points}>
            {card.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </Modal>
      ))}
    </Layout>
  );
}

export const query = graphql`
  query LvInstallationPage($lang: String!) {
    page: lvInstallationJson(fields: { lang: { eq: $lang } }) {
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
      servicesHeading
      servicesIntro
      buttonLabel
      cards {
        id
        icon
        title
        summary
        description
        points
      }
      benefits {
        ...ServicesBulletPanelFields
      }
      apart {
        ...ServicesBulletPanelFields
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<LvInstallationData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
