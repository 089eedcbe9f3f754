import React, { useCallback, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { Modal } from "../components/Modal";
import { Seo } from "../components/Seo";
import { OfferingCard } from "../components/services/OfferingCard";
import { ServiceHero, type ServiceHeroData } from "../components/services/ServiceHero";
import { ServiceOverview, type ServiceOverviewData } from "../components/services/ServiceOverview";
import * as styles from "./procurement-project-management.module.css";

interface OfferingCardData {
  id: string;
  icon: string;
  title: string;
  summary: string;
  intro: string;
  offerings: string[];
}

interface ProcurementData {
  page: {
    meta: { title: string; description: string };
    hero: ServiceHeroData;
    overview: ServiceOverviewData;
    servicesHeading: string;
    buttonLabel: string;
    offeringsHeading: string;
    cards: OfferingCardData[];
  };
}

const modalId = (cardId: string): string => `offerings-${cardId}`;

export default function ProcurementProjectManagementPage({ data }: PageProps<ProcurementData>): React.ReactElement {
  const { hero, overview, servicesHeading, buttonLabel, offeringsHeading, cards } = data.page;
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);

  return (
    <Layout headerVariant="white">
      <ServiceHero {...hero} />
      <ServiceOverview {...overview} />

      <section className="section section-alt" aria-labelledby="procurement-services">
        <div className="container">
          <h2 id="procurement-services">{servicesHeading}</h2>
          <ul className={styles.cards} aria-labelledby="procurement-services">
            {cards.map((card) => (
              <li key={card.id}>
                <OfferingCard
                  icon={card.icon}
                  title={card.title}
                  summary={card.summary}
                  action={{
                    label: buttonLabel,
                    context: card.title,
                    controls: modalId(card.id),
                    onOpen: () => setOpenId(card.id),
                  }}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      {cards.map((card) => (
        <Modal key={card.id} id={modalId(card.id)} title={card.title} open={openId === card.id} onClose={close}>
          <p>{card.intro}</p>
          <h3 className={styles.offeringsHeading}>{offeringsHeading}</h3>
          <ul className={styles.offerings}>
            {card.offerings.map((offering) => (
              <li key={offering}>{offering}</li>
            ))}
          </ul>
        </Modal>
      ))}
    </Layout>
  );
}

export const query = graphql`
  query ProcurementProjectManagementPage($lang: String!) {
    page: procurementProjectManagementJson(fields: { lang: { eq: $lang } }) {
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
      buttonLabel
      offeringsHeading
      cards {
        id
        icon
        title
        summary
        intro
        offerings
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<ProcurementData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
