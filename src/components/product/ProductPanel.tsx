import React, { useEffect } from "react";
import { Link } from "../../i18n/Link";
import { formGate, formIsland } from "../../forms/island";
import { ConsumablesTable } from "./ConsumablesTable";
import { DocumentList } from "./DocumentList";
import { SafetyNotice } from "./SafetyNotice";
import { SpecTable } from "./SpecTable";
import type { ProductTabData, ProductUi } from "./types";
import * as styles from "./ProductPanel.module.css";

/**
 * The order upload is on five product pages of twenty-four, in a tab that is
 * closed when the page loads: its code is a chunk of its own, fetched when
 * the Order Form tab is first opened (by a click, the keys, or an address
 * naming the tab), not with the page. The form is still in the static HTML
 * (the build renders it at once); in the browser it hydrates once the chunk
 * is in, and until then it is the server's HTML, hidden in its closed tab
 * (src/forms/island.tsx).
 */
const ORDER_FORM = formGate();
const ProductOrderForm = formIsland(() => import("../../forms/ProductOrderForm"), ORDER_FORM);

interface ProductPanelProps {
  tab: ProductTabData;
  slug: string;
  ui: ProductUi;
  /** Whether the panel is the one open (the order upload's code loads when its tab first opens). */
  open: boolean;
}

/**
 * The content of one tab. Every field the tab's data holds is shown, in this
 * order: the safety notice (warning tabs), intro, tables, tools, bullet
 * items, documents (or the order form's download and upload blocks), notes.
 */
export function ProductPanel({ tab, slug, ui, open }: ProductPanelProps): React.ReactElement {
  const orderFormOpen = open && tab.kind === "order-form";
  useEffect(() => {
    if (orderFormOpen) ORDER_FORM.want();
  }, [orderFormOpen]);
  // Every list of documents ends with a link to the library of all of them (/downloads).
  const documentList = (docs: NonNullable<ProductTabData["documents"]>) => (
    <>
      <DocumentList documents={docs} opensInNewTab={ui.opensInNewTab} unavailableLabel={ui.documentUnavailable} />
      <p className={styles.allDocuments}>
        <Link to="/downloads">{ui.allDocumentsLabel}</Link>
      </p>
    </>
  );

  return (
    <div className={styles.panel} data-kind={tab.kind}>
      <h2 className="visually-hidden">{tab.label}</h2>

      {tab.kind === "warning" && <SafetyNotice title={ui.safetyNoticeTitle} paragraphs={ui.warningText} />}

      {tab.intro && <p className={styles.intro}>{tab.intro}</p>}

      {tab.tables?.map((table) => (
        <SpecTable
          key={table.id}
          table={table}
          fallbackTitle={tab.label}
          notGivenLabel={ui.notGivenLabel}
          figureWords={ui.figureWords}
          scrollLabel={ui.tableScrollLabel}
        />
      ))}

      {tab.tools && tab.tools.length > 0 && (
        <ConsumablesTable tools={tab.tools} labels={ui.consumables} notGivenLabel={ui.notGivenLabel} figureWords={ui.figureWords} scrollLabel={ui.tableScrollLabel} />
      )}

      {tab.items && tab.items.length > 0 && (
        <ul className={styles.items}>
          {tab.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}

      {tab.kind === "order-form" ? (
        <>
          {tab.documents && tab.documents.length > 0 && (
            <div className={styles.block}>
              <h3 className={styles.heading}>{ui.orderForm.downloadLabel}</h3>
              {documentList(tab.documents)}
            </div>
          )}
          <div className={styles.block}>
            <h3 className={styles.heading}>{ui.orderForm.uploadTitle}</h3>
            <ProductOrderForm slug={slug} />
          </div>
        </>
      ) : (
        tab.documents && tab.documents.length > 0 && documentList(tab.documents)
      )}

      {tab.notes && tab.notes.length > 0 && (
        <ul className={styles.notes}>
          {tab.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
