import React from "react";
import { graphql, type HeadProps, type PageProps } from "gatsby";
import { Layout } from "../components/Layout";
import { JsonLd } from "../components/JsonLd";
import { Seo } from "../components/Seo";
import { useSiteData } from "../hooks/useSiteData";
import { organization } from "../utils/structured-data";
import { HomeHero, type HomeHeroData } from "../components/home/HomeHero";
import { HomeFigures, type HomeFiguresData } from "../components/home/HomeFigures";
import { HomeValues, type HomeValuesData } from "../components/home/HomeValues";
import { HomeTestimonials, type HomeTestimonialsData } from "../components/home/HomeTestimonials";
import { HomeTrustedBy, type HomeTrustedByData } from "../components/home/HomeTrustedBy";
import { HomeCustomSolutions, type HomeCustomSolutionsData } from "../components/home/HomeCustomSolutions";
import * as styles from "./index.module.css";

interface HomeData {
  page: {
    meta: { title: string; description: string };
    hero: HomeHeroData;
    figures: HomeFiguresData;
    values: HomeValuesData;
    testimonials: HomeTestimonialsData;
    trustedBy: HomeTrustedByData;
    customSolutions: HomeCustomSolutionsData;
  };
}

/** The home page: everything comes from data/home.json. */
export default function HomePage({ data }: PageProps<HomeData>): React.ReactElement {
  const { page } = data;
  return (
    <Layout headerVariant="dark">
      <div className={styles.home}>
        <HomeHero hero={page.hero} />
        <HomeFigures figures={page.figures} />
        <HomeValues values={page.values} />
        <HomeTestimonials testimonials={page.testimonials} />
        <HomeTrustedBy trustedBy={page.trustedBy} />
        <HomeCustomSolutions block={page.customSolutions} />
      </div>
    </Layout>
  );
}

export const query = graphql`
  query HomePage($lang: String!) {
    page: homeJson(fields: { lang: { eq: $lang } }) {
      meta {
        title
        description
      }
      hero {
        eyebrow
        headline
        intro
        cta {
          label
          to
        }
        secondaryCta {
          label
          to
        }
        video {
          base
          width
          height
          formats
        }
        videoPauseLabel
        videoPlayLabel
      }
      figures {
        heading
        items {
          value
          label
        }
      }
      values {
        heading
        intro
        items {
          icon
          title
          text
        }
      }
      testimonials {
        heading
        intro
        labels {
          region
          previous
          next
          pause
          play
          slide
        }
        items {
          review
          name
          company
        }
      }
      trustedBy {
        heading
        placeholder
        logos {
          alt
          image {
            # an SVG logo, served as given at its own size (null for a PNG, which sharp processes)
            gatsbyImageData: vectorImageData
            childImageSharp {
              gatsbyImageData(width: 160, layout: CONSTRAINED, placeholder: NONE)
            }
          }
        }
      }
      customSolutions {
        heading
        text
        link {
          label
          to
        }
        imageAlt
        image {
          childImageSharp {
            gatsbyImageData(width: 640, layout: CONSTRAINED)
          }
        }
      }
    }
  }
`;

export function Head({ data, location }: HeadProps<HomeData>): React.ReactElement {
  // No sameAs yet: the social links in data/navigation.json are placeholders until the company's own accounts are set.
  const { company } = useSiteData();
  return (
    <Seo title={data.page.meta.title} description={data.page.meta.description} pathname={location.pathname}>
      <JsonLd data={organization(company)} />
    </Seo>
  );
}
