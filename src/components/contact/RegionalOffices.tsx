import React from "react";
import { Icon } from "../Icon";
import * as styles from "./RegionalOffices.module.css";

export interface ContactOfficesData {
  heading: string;
  label: string;
  text: string;
  items: { name: string }[];
}

/** The regional offices (India, Singapore); their enquiries go through the head office. */
export function RegionalOffices({ data }: { data: ContactOfficesData }): React.ReactElement {
  return (
    <section className={styles.offices} aria-labelledby="regional-offices">
      <h3 id="regional-offices" className={styles.heading}>
        {data.heading}
      </h3>
      <ul className={styles.list}>
        {data.items.map((office) => (
          <li key={office.name} className={styles.office} data-testid="regional-office">
            <Icon name="location" size={22} className={styles.icon} />
            <div>
              <p className={styles.name}>{office.name}</p>
              <p className={styles.label}>{data.label}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className={styles.text}>{data.text}</p>
    </section>
  );
}
