import { graphql, useStaticQuery } from "gatsby";

export interface NavLinkData {
  label: string;
  to: string;
}
export interface SocialLinkData {
  network: string;
  label: string;
  href: string;
  placeholder: boolean;
}
export interface SiteData {
  company: Queries_Company;
  navigation: Queries_Navigation;
}
interface Queries_Company {
  name: string;
  shortName: string;
  legalName: string;
  description: string;
  siteUrl: string;
  phone: string;
  phoneHref: string;
  email: string;
  address: { lines: string[]; locality: string; country: string; mapQuery: string };
  timeZone: string;
  timeZoneLabel: string;
}
interface Queries_Navigation {
  logoAlt: string;
  header: { label: string; to: string; children: NavLinkData[] }[];
  cta: NavLinkData;
  searchPlaceholder: string;
  searchLabel: string;
  searchLandmarkLabel: string;
  footer: {
    tagline: string;
    columns: { title: string; links: (NavLinkData & { placeholder: boolean })[] }[];
    placeholderNote: string;
    newsletter: { title: string; text: string };
    copyright: string;
  };
  social: SocialLinkData[];
}

/** The company's identity and the site's navigation, from data/company.json and data/navigation.json. */
export function useSiteData(): SiteData {
  return useStaticQuery<SiteData>(graphql`
    query SiteData {
      company: companyJson {
        name
        shortName
        legalName
        description
        siteUrl
        phone
        phoneHref
        email
        address {
          lines
          locality
          country
          mapQuery
        }
        timeZone
        timeZoneLabel
      }
      navigation: navigationJson {
        logoAlt
        header {
          label
          to
          children {
            label
            to
          }
        }
        cta {
          label
          to
        }
        searchPlaceholder
        searchLabel
        searchLandmarkLabel
        footer {
          tagline
          columns {
            title
            links {
              label
              to
              placeholder
            }
          }
          placeholderNote
          newsletter {
            title
            text
          }
          copyright
        }
        social {
          network
          label
          href
          placeholder
        }
      }
    }
  `);
}
