import React from "react";
import { Footer } from "./Footer";
import { Header, type HeaderVariant } from "./Header";
import { useSiteData } from "../hooks/useSiteData";
import * as styles from "./Layout.module.css";

interface LayoutProps {
  children: React.ReactNode;
  headerVariant?: HeaderVariant;
}

/**
 * The frame of every page: skip link, shared header, main content, shared
 * footer. On paper the header and footer are left out and one line names the
 * company and its site instead.
 */
export function Layout({ children, headerVariant = "dark" }: LayoutProps): React.ReactElement {
  const { company, navigation } = useSiteData();
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        {navigation.frame.skipToContent}
      </a>
      <Header variant={headerVariant} />
      <p className={styles.printBrand} aria-hidden="true" data-testid="print-brand">
        {company.name} · {company.siteUrl.replace(/^https?:\/\//, "").replace(/\/$/, "")}
      </p>
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
