import React, { useEffect, useState } from "react";
import { Link } from "../i18n/Link";
import { useSiteData } from "../hooks/useSiteData";
import { useScrolledPast } from "../hooks/useScrolledPast";
import { GstClock } from "./GstClock";
import { Icon } from "./Icon";
import { Logo } from "./Logo";
import { NavMenu } from "./NavMenu";
import { SearchBox } from "./SearchBox";
import { HeaderEnquiry } from "../enquiry/HeaderEnquiry";
import { LanguageSwitch } from "../i18n/LanguageSwitch";
import * as styles from "./Header.module.css";

/** Scroll distance after which the navbar turns translucent and shadowed (50 px). */
export const NAVBAR_SCROLL_THRESHOLD = 50;

export type HeaderVariant = "dark" | "white";

interface HeaderProps {
  variant?: HeaderVariant;
}

export function Header({ variant = "dark" }: HeaderProps): React.ReactElement {
  const { company, navigation } = useSiteData();
  const scrolled = useScrolledPast(NAVBAR_SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header} data-variant={variant} data-scrolled={scrolled} data-testid="site-header">
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.home} aria-label={`${company.name}: ${navigation.logoAlt}`}>
          <Logo name={company.name} shortName={company.shortName} />
        </Link>

        <button
          type="button"
          className={styles.burger}
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <Icon name={menuOpen ? "close" : "menu"} />
          <span className="visually-hidden">{navigation.frame.menu}</span>
        </button>

        <div id="site-menu" className={styles.panel} data-open={menuOpen}>
          <nav aria-label={navigation.frame.mainNavigation} className={styles.nav}>
            <ul className={styles.navList}>
              {navigation.header.map((item) =>
                item.children.length === 0 ? (
                  <li key={item.label}>
                    <Link to={item.to} className={styles.navLink} activeClassName={styles.active}>
                      {item.label}
                    </Link>
                  </li>
                ) : (
                  <NavMenu key={item.label} label={item.label} items={item.children} hover />
                ),
              )}
            </ul>
          </nav>
          <div className={styles.tools}>
            <SearchBox label={navigation.searchLabel} landmarkLabel={navigation.searchLandmarkLabel} placeholder={navigation.searchPlaceholder} suggestionsLabel={navigation.searchSuggestionsLabel} />
            <HeaderEnquiry />
            <GstClock label={company.timeZoneLabel} />
            <LanguageSwitch label={navigation.language.switch} />
            <Link to={navigation.cta.to} className={`btn ${styles.cta}`}>
              {navigation.cta.label}
            </Link>
          </div>
        </div>
      </div>
    </header>
  );
}
