import React from "react";
import { Footer } from "./Footer";
import { Header, type HeaderVariant } from "./Header";
import * as styles from "./Layout.module.css";

interface LayoutProps {
  children: React.ReactNode;
  headerVariant?: HeaderVariant;
}

/** The frame of every page: skip link, shared header, main content, shared footer. */
export function Layout({ children, headerVariant = "dark" }: LayoutProps): React.ReactElement {
  return (
    <div className={styles.page}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Header variant={headerVariant} />
      <main id="main" className={styles.main} tabIndex={-1}>
        {children}
      </main>
      <Footer />
    </div>
  );
}
