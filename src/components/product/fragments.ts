import { graphql } from "gatsby";

/** Every label and fixed text of the category and product pages (data/product-ui.json). */
export const productUiFields = graphql`
  fragment ProductUiFields on ProductUiJson {
    breadcrumbHome
    breadcrumbLabel
    tabsLabel
    unitsLabel
    metricLabel
    imperialLabel
    notGivenLabel
    figureWords {
      or
      to
    }
    noProduct
    defaultProduct
    galleryLabel
    thumbnailLabel
    imageAlt
    documentUnavailable
    opensInNewTab
    allDocumentsLabel
    safetyNoticeTitle
    warningText
    tableScrollLabel
    categoryProductsTitle
    cardCta
    orderForm {
      downloadLabel
      uploadTitle
      acceptedTypes
      submitLabel
      uploadingLabel
    }
    consumables {
      title
      model
      description
      angle
      length
      width
      drawing
      drawingAlt
    }
  }
`;

/** The texts of the "Save for offline" button (src/offline/saved/SaveOffline.tsx): product pages and /downloads. */
export const saveOfflineFields = graphql`
  fragment SaveOfflineFields on SaveOfflineUi {
    save
    saving
    saved
    done
    usage
    removed
    failed
    units {
      bytes
      kilobytes
      megabytes
      gigabytes
    }
  }
`;
