import React, { useId, useState } from "react";
import { graphql, useStaticQuery } from "gatsby";
import { Link } from "../i18n/Link";
import { usePick } from "../i18n/LangContext";
import { addItem, MAX_ITEMS } from "./store";
import { useIsListed } from "./useIsListed";
import { fill } from "../shared/utils/template";
import * as styles from "./AddToEnquiry.module.css";

interface AddWords {
  add: { label: string; modelLabel: string; anyModel: string; added: string; full: string; view: string };
}
interface AddTexts {
  en: AddWords;
  ar: AddWords | null;
}

interface AddToEnquiryProps {
  product: string;
  name: string;
  /** The models the product's specification names: offered as an optional choice. */
  models?: readonly string[];
  /** A product card's small button (above the card's stretched link). */
  compact?: boolean;
}

/**
 * "Add to enquiry": puts the product (and the chosen model, if any) on the
 * visitor's enquiry list, or raises its quantity when it is listed already,
 * and says so in a polite status message with a link to the list.
 */
export function AddToEnquiry({ product, name, models = [], compact = false }: AddToEnquiryProps): React.ReactElement {
  const both = useStaticQuery<AddTexts>(graphql`
    query AddToEnquiryTexts {
      en: enquiryJson(fields: { lang: { eq: "en" } }) {
        ...AddToEnquiryWords
      }
      ar: enquiryJson(fields: { lang: { eq: "ar" } }) {
        ...AddToEnquiryWords
      }
    }
    fragment AddToEnquiryWords on EnquiryJson {
      add {
        label
        modelLabel
        anyModel
        added
        full
        view
      }
    }
  `);
  const text = usePick(both).add;
  const isListed = useIsListed();
  const id = useId();
  const [model, setModel] = useState("");
  const [message, setMessage] = useState<{ text: string; added: boolean } | null>(null);

  const add = () => {
    const added = addItem({ product, name, model: model || undefined }, isListed);
    setMessage({ text: added ? fill(text.added, { name: model ? `${name} ${model}` : name }) : fill(text.full, { max: MAX_ITEMS }), added });
  };

  return (
    <div className={compact ? styles.compact : styles.block} data-testid="add-to-enquiry">
      {!compact && models.length > 0 && (
        <div className={styles.model}>
          <label htmlFor={`${id}-model`} className={styles.modelLabel}>
            {text.modelLabel}
          </label>
          <select id={`${id}-model`} className={styles.select} value={model} onChange={(event) => setModel(event.target.value)}>
            <option value="">{text.anyModel}</option>
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      )}
      <button
        type="button"
        className={compact ? `btn btn-outline ${styles.compactButton}` : "btn btn-dark"}
        onClick={add}
        aria-label={compact ? `${text.label}: ${name}` : undefined}
      >
        {text.label}
      </button>
      <p role="status" className={styles.status}>
        {message && (
          <>
            {message.text}{" "}
            {message.added && (
              <Link to="/enquiry" className={styles.view}>
                {text.view}
              </Link>
            )}
          </>
        )}
      </p>
    </div>
  );
}
