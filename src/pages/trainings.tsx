import React, { useCallback, useState } from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { BackgroundVideo, type VideoSource } from "../components/BackgroundVideo";
import { Layout } from "../components/Layout";
import { Modal } from "../components/Modal";
import { Seo } from "../components/Seo";
import { BulletPanel, type BulletPanelData } from "../components/services/BulletPanel";
import { OfferingCard } from "../components/services/OfferingCard";
import { formIsland } from "../forms/island";
import * as styles from "./trainings.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const TrainingsForm = formIsland(() => import("../forms/TrainingsForm"));

interface TrainingsCardData {
  id: string;
  icon: string;
  title: string;
  summary: string;
  button: string;
  modalIntro: string;
  form: string;
}

interface TrainingsData {
  page: {
    meta: { title: string; description: string };
    hero: {
      eyebrow: string;
      heading: string;
      intro: string[];
      video: { desktop: VideoSource; mobile: VideoSource };
      pauseLabel: string;
      playLabel: string;
    };
    topics: BulletPanelData;
    cardsHeading: string;
    cardsIntro: string;
    cards: TrainingsCardData[];
  };
}

const CARDS_ID = "get-involved";
const modalId = (cardId: string): string => `training-${cardId}`;

export default function TrainingsPage({ data }: PageProps<TrainingsData>): React.ReactElement {
  const { hero, topics, cardsHeading, cardsIntro, cards } = data.page;
  const [openId, setOpenId] = useState<string | null>(null);
  const close = useCallback(() => setOpenId(null), []);

  return (
    <Layout>
      <section className={styles.hero} data-testid="trainings-hero">
        <BackgroundVideo
          desktop={hero.video.desktop}
          mobile={hero.video.mobile}
          pauseLabel={hero.pauseLabel}
          playLabel={hero.playLabel}
        />
        <div className={styles.shade} aria-hidden="true" />
        <div className={`container ${styles.heroContent}`}>
          <p className={styles.eyebrow}>{hero.eyebrow}</p>
          <h1 className={styles.heading}>{hero.heading}</h1>
          {hero.intro.map((text) => (
            <p key={text} className={styles.intro}>
              {text}
            </p>
          ))}
          <a href={`#${CARDS_ID}`} className="btn">
            {cardsHeading}
          </a>
        </div>
      </section>

      <section className="section section-alt" id={CARDS_ID} aria-labelledby={`${CARDS_ID}-heading`}>
        <div className="container">
          <h2 id={`${CARDS_ID}-heading`}>{cardsHeading}</h2>
          <p className={styles.lead}>{cardsIntro}</p>
          <ul className={styles.cards} aria-labelledby={`${CARDS_ID}-heading`}>
            {cards.map((card) => (
              <li key={card.id}>
                <OfferingCard
                  icon={card.icon}
                  title={card.title}
                  summary={card.summary}
                  action={{ label: card.button, controls: modalId(card.id), onOpen: () => setOpenId(card.id) }}
                />
              </li>
            ))}
          </ul>
        </div>
      </section>

      <div className="section">
        <div className="container">
          <BulletPanel {...topics} tone="dark" columns={2} />
        </div>
      </div>

      {cards.map((card) => (
        <Modal key={card.id} id={modalId(card.id)} title={card.title} open={openId === card.id} onClose={close} size="lg">
          <p>{card.modalIntro}</p>
          <TrainingsForm form={card.form} onSuccess={close} />
        </Modal>
      ))}
    </Layout>
  );
}

export const query = graphql`
  query TrainingsPage($lang: String!) {
    page: trainingsJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        eyebrow
        heading
        intro
        video {
          desktop {
            base
            width
            height
            formats
          }
          mobile {
            base
            width
            height
            formats
          }
        }
        pauseLabel
        playLabel
      }
      topics {
        ...ServicesBulletPanelFields
      }
      cardsHeading
      cardsIntro
      cards {
        id
        icon
        title
        summary
        button
        modalIntro
        form
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<TrainingsData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
