import React from "react";
import { useSiteData } from "../../hooks/useSiteData";
import * as styles from "./FormSlot.module.css";

interface FormSlotProps {
  /** The form that will be mounted here, e.g. "demo" or "sme-registration". */
  name: string;
  /** A short line from data; "{email}" becomes a link to the company e-mail address. */
  text: string;
}

/**
 * Where a form will be mounted once the API exists: a marked container with
 * a short note pointing to the company e-mail. It submits nothing.
 */
export function FormSlot({ name, text }: FormSlotProps): React.ReactElement {
  const { company } = useSiteData();
  const [before, ...rest] = text.split("{email}");
  return (
    <div className={styles.slot} data-form-slot={name}>
      <p className={styles.text}>
        {before}
        {rest.length > 0 && <a href={`mailto:${company.email}`}>{company.email}</a>}
        {rest.join(company.email)}
      </p>
    </div>
  );
}
