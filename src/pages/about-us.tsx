import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Link } from "../i18n/Link";
import type { IGatsbyImageData, ImageDataLike } from "gatsby-plugin-image";
import { Picture, imageOf } from "../components/Picture";
import { Layout } from "../components/Layout";
import { Seo } from "../components/Seo";
import { Icon } from "../components/Icon";
import { FeatureIcon } from "../components/icons/FeatureIcon";
import type { NavLinkData } from "../hooks/useSiteData";
import * as styles from "./about-us.module.css";

interface Statement {
  icon: string;
  heading: string;
  text: string;
}

interface AboutData {
  page: {
    meta: { title: string; description: string };
    hero: { eyebrow: string; heading: string; text: string; image: ImageDataLike; imageAlt: string };
    background: { heading: string; paragraphs: string[]; highlights: { title: string; text: string }[]; link: NavLinkData };
    purpose: { heading: string; mission: Statement; vision: Statement; image: ImageDataLike; imageAlt: string };
    industries: { heading: string; intro: string; items: string[] };
    coreValues: { heading: string; intro: string; items: { title: string; text: string }[] };
    news: {
      heading: string;
      intro: string;
      sample: boolean;
      items: { title: string; date: string; isoDate: string; summary: string; image: ImageDataLike | null; imageAlt: string | null }[];
    };
  };
}

/** The About page: company background, mission and vision, industries served, core values and news, all from data/about.json. */
export default function AboutPage({ data }: PageProps<AboutData>): React.ReactElement {
  const { hero, background, purpose, industries, coreValues, news } = data.page;
  const heroImage = imageOf(hero.image);
  const purposeImage = imageOf(purpose.image);

  return (
    <Layout headerVariant="white">
      <section className={styles.hero} aria-labelledby="about-heading">
        <div className={`container ${styles.heroInner}`}>
          <div>
            <p className={styles.eyebrow}>{hero.eyebrow}</p>
            <h1 id="about-heading">{hero.heading}</h1>
            <p className={styles.lead}>{hero.text}</p>
          </div>
          {heroImage && <Picture image={heroImage} alt={hero.imageAlt} className={styles.heroImage} loading="eager" priority="high" />}
        </div>
      </section>

      <section className="section" aria-labelledby="about-background-heading">
        <div className={`container ${styles.background}`}>
          <div>
            <h2 id="about-background-heading">{background.heading}</h2>
            {background.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <Link to={background.link.to} className={styles.textLink}>
              {background.link.label}
            </Link>
          </div>
          <dl className={styles.highlights}>
            {background.highlights.map((h) => (
              <div key={h.title} className={styles.highlight}>
                <dt>{h.title}</dt>
                <dd>{h.text}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section className={`section ${styles.purpose}`} aria-labelledby="about-purpose-heading">
        <div className={`container ${styles.purposeInner}`}>
          <div>
            <h2 id="about-purpose-heading" className="visually-hidden">
              {purpose.heading}
            </h2>
            {[purpose.mission, purpose.vision].map((s) => (
              <div key={s.heading} className={styles.statement}>
                <span className={styles.statementIcon}>
                  <FeatureIcon name={s.icon} size={28} />
                </span>
                <div>
                  <h3>{s.heading}</h3>
                  <p>{s.text}</p>
                </div>
              </div>
            ))}
          </div>
          {purposeImage && <Picture image={purposeImage} alt={purpose.imageAlt} className={styles.purposeImage} />}
        </div>
      </section>

      <section className="section" aria-labelledby="about-industries-heading">
        <div className="container">
          <div className={styles.head}>
            <h2 id="about-industries-heading">{industries.heading}</h2>
            <p>{industries.intro}</p>
          </div>
          <ul className={styles.industries} data-testid="about-industries">
            {industries.items.map((item) => (
              <li key={item} className={styles.industry}>
                <Icon name="check" size={20} className={styles.industryIcon} />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section-alt" aria-labelledby="about-values-heading">
        <div className="container">
          <div className={styles.head}>
            <h2 id="about-values-heading">{coreValues.heading}</h2>
            <p>{coreValues.intro}</p>
          </div>
          <ul className={styles.values} data-testid="about-core-values">
            {coreValues.items.map((v, i) => (
              <li key={v.title} className={styles.value}>
                <span className={styles.valueNumber} aria-hidden="true">
                  {String(i + 1).padStart(2, "0")}
                </span>
                <h3>{v.title}</h3>
                <p>{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section" aria-labelledby="about-news-heading" data-sample={news.sample}>
        <div className="container">
          <div className={styles.head}>
            <h2 id="about-news-heading">{news.heading}</h2>
            <p>{news.intro}</p>
          </div>
          <ul className={styles.news} data-testid="about-news">
            {news.items.map((item) => (
              <li key={item.title}>
                <article className={styles.newsItem}>
                  {imageOf(item.image) && <Picture image={imageOf(item.image) as IGatsbyImageData} alt={item.imageAlt ?? ""} className={styles.newsImage} />}
                  <time dateTime={item.isoDate} className={styles.newsDate}>
                    {item.date}
                  </time>
                  <h3 className={styles.newsTitle}>{item.title}</h3>
                  <p>{item.summary}</p>
                </article>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </Layout>
  );
}

export const query = graphql`
  query AboutPage($lang: String!, $dateLocale: String!) {
    page: aboutJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        eyebrow
        heading
        text
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED)
          }
        }
      }
      background {
        heading
        paragraphs
        highlights {
          title
          text
        }
        link {
          label
          to
        }
      }
      purpose {
        heading
        mission {
          icon
          heading
          text
        }
        vision {
          icon
          heading
          text
        }
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(width: 560, layout: CONSTRAINED)
          }
        }
      }
      industries {
        heading
        intro
        items
      }
      coreValues {
        heading
        intro
        items {
          title
          text
        }
      }
      news {
        heading
        intro
        sample
        items {
          title
          date(formatString: "D MMMM YYYY", locale: $dateLocale)
          isoDate: date(formatString: "YYYY-MM-DD")
          summary
          imageAlt
          image {
            childImageSharp {
              gatsbyImageData(width: 560, layout: CONSTRAINED, aspectRatio: 1.5, transformOptions: { fit: COVER })
            }
          }
        }
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<AboutData>): React.ReactElement {
  return <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname} />;
}
