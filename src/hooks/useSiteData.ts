import { graphql, useStaticQuery } from "gatsby";
import { usePick } from "../i18n/LangContext";
import type { Lang } from "../shared/i18n/lang";

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
  searchSuggestionsLabel: string;
  footer: {
    tagline: string;
    columns: { title: string; links: (NavLinkData & { placeholder: boolean })[] }[];
    placeholderNote: string;
    newsletter: { title: string; text: string };
    copyright: string;
  };
  social: SocialLinkData[];
  frame: { skipToContent: string; menu: string; mainNavigation: string; socialMedia: string; close: string; comingSoon: string };
  language: { switch: string };
}

/** The company's identity and the site's navigation in the page's language, from data/company.json and data/navigation.json (and their Arabic). */
export function useSiteData(lang?: Lang): SiteData {
  const { companyEn, navigationEn, companyAr, navigationAr } = useStaticQuery<{ companyEn: Queries_Company; navigationEn: Queries_Navigation; companyAr: Queries_Company | null; navigationAr: Queries_Navigation | null }>(graphql`
    query SiteData {
      companyEn: companyJson(fields: { lang: { eq: "en" } }) {
        ...SiteCompany
      }
      navigationEn: navigationJson(fields: { lang: { eq: "en" } }) {
        ...SiteNavigation
      }
      companyAr: companyJson(fields: { lang: { eq: "ar" } }) {
        ...SiteCompany
      }
      navigationAr: navigationJson(fields: { lang: { eq: "ar" } }) {
        ...SiteNavigation
      }
    }
    fragment SiteCompany on CompanyJson {
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
    fragment SiteNavigation on NavigationJson {
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
        searchSuggestionsLabel
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
        frame {
          skipToContent
          menu
          mainNavigation
          socialMedia
          close
          comingSoon
        }
        language {
          switch
        }
      }
  `);
  const both = { en: { company: companyEn, navigation: navigationEn }, ar: companyAr && navigationAr ? { company: companyAr, navigation: navigationAr } : null };
  const picked = usePick<SiteData>(both);
  return lang ? (lang === "ar" && both.ar) || both.en : picked;
}
