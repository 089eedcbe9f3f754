import React from "react";
import { formIsland } from "../../forms/island";
import type { NewsLetterVariantWords } from "../../forms/NewsLetterForm";
import { Icon } from "../Icon";
import * as styles from "./TalentCommunity.module.css";

/** The form is served in the page; its code loads when a visitor reaches for it (src/forms/island.tsx). */
const NewsLetterForm = formIsland(() => import("../../forms/NewsLetterForm"));

export interface CareersTalentCommunityData {
  heading: string;
  text: string;
  form: NewsLetterVariantWords;
}

/** The "Join Our Talent Community" box with its newsletter sign-up. */
export function TalentCommunity({ data }: { data: CareersTalentCommunityData }): React.ReactElement {
  return (
    <section className={styles.box} aria-labelledby="talent-community-heading">
      <div className={styles.text}>
        <Icon name="mail" size={32} className={styles.icon} />
        <h2 id="talent-community-heading" className={styles.heading}>
          {data.heading}
        </h2>
        <p>{data.text}</p>
      </div>
      <NewsLetterForm variant={data.form} />
    </section>
  );
}
