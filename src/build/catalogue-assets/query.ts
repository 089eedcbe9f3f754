import type { Lang } from "../../shared/i18n/lang";
/**
 * A product's content: the one selection of its fields, for its PDFs and feeds
 * (CATALOGUE_ASSETS_QUERY) and for its page (gatsby-node.ts hands the tabs to
 * src/templates/product.tsx), so the two never list them apart.
 */
export const PRODUCT_CONTENT_FRAGMENT = `
  fragment ProductContent on ProductsJson {
    slug
    name
    category
    shortDescription
    imageIds
    photos
    models
    tabs {
      id
      label
      kind
      intro
      items
      notes
      tables {
        id
        title
        columns {
          label
          unit
        }
        rows
        note
      }
      documents {
        id
        label
        kind
        available
        file
      }
      tools {
        model
        description
        angle
        length
        width
      }
    }
  }
`;

/** The one GraphQL query the catalogue assets are made from (gatsby-node.ts, onPostBuild). */
/** The data of the catalogue's assets and of the document library, in a language (the PDFs and data files: English). */
export const catalogueAssetsQuery = (lang: Lang): string => `
  query CatalogueAssets {
    company: companyJson(fields: { lang: { eq: "${lang}" } }) {
      name
      shortName
      siteUrl
      phone
      email
      address {
        lines
      }
    }
    ui: productUiJson(fields: { lang: { eq: "${lang}" } }) {
      metricLabel
      imperialLabel
      documentUnavailable
      safetyNoticeTitle
      warningText
      consumables {
        title
        model
        description
        angle
        length
        width
      }
    }
    documents: documentsJson(fields: { lang: { eq: "${lang}" } }) {
      sampleNotice
      sampleNote
      policies {
        id
        fileName
        file
        title
        paragraphs
      }
      certificates {
        id
        fileName
        file
        title
        paragraphs
      }
      pdf {
        kindTitles {
          catalog
          datasheet
          manual
          questionnaire
        }
        categoryLabel
        productPageLabel
        descriptionHeading
        notPublishedNote
        documentsHeading
        documentsIntro
        manualSupplied
        questionnaire {
          intro
          customerHeading
          productHeading
          fields
          productField
          modelField
          modelOther
          orderFields
          remarksField
          returnTitle
          returnNote
        }
        contactLine
        pageLabel
      }
    }
    categories: allCategoriesJson(filter: { fields: { lang: { eq: "${lang}" } } }) {
      nodes {
        slug
        name
        products {
          slug
        }
      }
    }
    navigation: navigationJson(fields: { lang: { eq: "${lang}" } }) {
      header {
        children {
          to
        }
      }
    }
    products: allProductsJson(sort: { slug: ASC }, filter: { fields: { lang: { eq: "${lang}" } } }) {
      nodes {
        ...ProductContent
      }
    }
  }
${PRODUCT_CONTENT_FRAGMENT}`;

export const CATALOGUE_ASSETS_QUERY = catalogueAssetsQuery("en");
