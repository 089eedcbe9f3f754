import React from "react";
import "./src/styles/global.css";
import { LangProvider, PageLocationProvider } from "./src/i18n/LangContext";
import { langOfPath } from "./src/shared/i18n/lang";
import type { GatsbyBrowser } from "gatsby";
import { captureAttribution } from "./src/attribution/capture";
import { bootOffline } from "./src/offline/boot";
import { markPageHydrated } from "./src/forms/island";

/** The first page of a visit keeps where the visit came from, for the forms (src/attribution/). */
export const onClientEntry = captureAttribution;

/**
 * Once the first page has hydrated: forms rendered from now on load their code at once (src/forms/island.tsx), the
 * page says it is React's (data-hydrated on Gatsby's root element, what tests and tools wait for), and the service
 * worker is registered (src/offline/).
 */
export const onInitialClientRender = (): void => {
  markPageHydrated();
  document.getElementById("___gatsby")?.setAttribute("data-hydrated", "true");
  bootOffline();
};

/** A new version of the site that waits is applied at the next navigation inside the site (src/offline/update-offer.ts). */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  const update = (window as { ___siteUpdate?: () => void }).___siteUpdate;
  if (prevLocation && update) update();
};

/**
 * The page's language for every component of the page (src/i18n/LangContext.tsx): its address's (/ar... Arabic), the
 * language gatsby-node.ts built it in; the 404 page shown for an unknown address speaks the address's language.
 */
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <LangProvider value={langOfPath(props.location.pathname)}>
    <PageLocationProvider value={props.location}>{element}</PageLocationProvider>
  </LangProvider>
);
