import React from "react";
import { Icon } from "../Icon";
import { documentHref, type ProductDocumentData } from "./types";
import * as styles from "./DocumentList.module.css";

interface DocumentListProps {
  documents: ProductDocumentData[];
  opensInNewTab: string;
  unavailableLabel: string;
}

/**
 * PDF documents: each a link opening in a new tab, with its label, an icon
 * and a visible "(PDF, opens in a new tab)". A document the company has not
 * supplied yet is plain text saying so, never a dead link. The PDFs are in
 * English (hrefLang); an Arabic page's hint says so.
 */
export function DocumentList({ documents, opensInNewTab, unavailableLabel }: DocumentListProps): React.ReactElement {
  return (
    <ul className={styles.list}>
      {documents.map((doc) => (
        <li key={doc.id} data-document-id={doc.id} data-document-kind={doc.kind}>
          {doc.available ? (
            <a href={documentHref(doc.id)} target="_blank" rel="noopener" hrefLang="en" className={styles.document}>
              <Icon name="document" size={28} className={styles.icon} />
              <span className={styles.text}>
                <span className={styles.label}>{doc.label}</span>
                <span className={styles.hint}>{opensInNewTab}</span>
              </span>
            </a>
          ) : (
            <div className={`${styles.document} ${styles.unavailable}`}>
              <Icon name="document" size={28} className={styles.icon} />
              <span className={styles.text}>
                <span className={styles.label}>{doc.label}</span>
                <span className={styles.hint}>{unavailableLabel}</span>
              </span>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
