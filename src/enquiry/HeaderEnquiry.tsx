import React, { useCallback, useEffect, useRef, useState } from "react";
import { graphql, useStaticQuery } from "gatsby";
import { Link } from "../i18n/Link";
import { usePick } from "../i18n/LangContext";
import { countItems, subscribe } from "./store";
import { useIsListed } from "./useIsListed";
import { fill } from "../shared/utils/template";
import * as styles from "./HeaderEnquiry.module.css";

interface HeaderWords {
  header: { label: string; countOne: string; count: string; empty: string };
}
interface HeaderTexts {
  en: HeaderWords;
  ar: HeaderWords | null;
}

/**
 * The header's way to the enquiry list (/enquiry): a small link beside the
 * search with the number of products listed as a badge (no badge while the
 * list is empty; items of products the catalogue no longer lists are not
 * counted, as /enquiry does not show them). A change of the count (in this tab
 * or another) is announced politely; the count found on arrival is not.
 */
export function HeaderEnquiry(): React.ReactElement {
  const both = useStaticQuery<HeaderTexts>(graphql`
    query HeaderEnquiryTexts {
      en: enquiryJson(fields: { lang: { eq: "en" } }) {
        ...HeaderEnquiryWords
      }
      ar: enquiryJson(fields: { lang: { eq: "ar" } }) {
        ...HeaderEnquiryWords
      }
    }
    fragment HeaderEnquiryWords on EnquiryJson {
      header {
        label
        countOne
        count
        empty
      }
    }
  `);
  const text = usePick(both).header;
  const isListed = useIsListed();
  const [count, setCount] = useState(0);
  const [announcement, setAnnouncement] = useState("");
  const previous = useRef<number | null>(null);
  const countText = useCallback((n: number) => (n === 0 ? text.empty : n === 1 ? text.countOne : fill(text.count, { count: n })), [text]);

  useEffect(() => {
    const update = (next: number) => {
      if (previous.current !== null && previous.current !== next) setAnnouncement(countText(next));
      previous.current = next;
      setCount(next);
    };
    update(countItems(isListed));
    return subscribe(() => update(countItems(isListed)));
  }, [countText, isListed]);

  return (
    <>
      <Link to="/enquiry" className={styles.link} activeClassName={styles.active} title={text.label} data-testid="header-enquiry">
        <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M9 2h6a1 1 0 0 1 1 1v1h3a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V3a1 1 0 0 1 1-1Zm1 2v2h4V4h-4ZM6 6v14h12V6h-2v2H8V6H6Zm2 5h8v2H8v-2Zm0 4h6v2H8v-2Z" />
        </svg>
        <span className={styles.label}>{text.label}</span>
        {count > 0 && (
          <>
            <span className={styles.badge} aria-hidden="true" data-testid="header-enquiry-count">
              {count}
            </span>
            <span className="visually-hidden">{`, ${countText(count)}`}</span>
          </>
        )}
      </Link>
      <span role="status" className="visually-hidden" data-testid="header-enquiry-status">
        {announcement}
      </span>
    </>
  );
}
