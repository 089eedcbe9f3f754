import React from "react";
import { Link } from "../../i18n/Link";
import { BackgroundVideo, type VideoSource } from "../BackgroundVideo";
import type { NavLinkData } from "../../hooks/useSiteData";
import * as styles from "./HomeHero.module.css";

export interface HomeHeroData {
  eyebrow: string;
  headline: string;
  intro: string;
  cta: NavLinkData;
  secondaryCta: NavLinkData;
  video: VideoSource;
  videoPauseLabel: string;
  videoPlayLabel: string;
}

/** The full-width opening of the home page: background video, the page's h1, a short intro and the calls to action. */
export function HomeHero({ hero }: { hero: HomeHeroData }): React.ReactElement {
  return (
    <section className={styles.hero} aria-labelledby="home-hero-heading">
      <BackgroundVideo desktop={hero.video} pauseLabel={hero.videoPauseLabel} playLabel={hero.videoPlayLabel} />
      <div className={styles.shade} aria-hidden="true" />
      <div className={`container ${styles.content}`}>
        <p className={styles.eyebrow}>{hero.eyebrow}</p>
        <h1 id="home-hero-heading" className={styles.headline}>
          {hero.headline}
        </h1>
        <p className={styles.intro}>{hero.intro}</p>
        <div className={styles.actions}>
          <Link to={hero.cta.to} className="btn">
            {hero.cta.label}
          </Link>
          <Link to={hero.secondaryCta.to} className={`btn btn-outline ${styles.secondary}`}>
            {hero.secondaryCta.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
