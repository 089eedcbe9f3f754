import React from "react";
import "./src/styles/global.css";
import { LangProvider, PageLocationProvider } from "./src/i18n/LangContext";
import type { GatsbyBrowser } from "gatsby";
import { captureAttribution } from "./src/attribution/capture";
import { bootOffline } from "./src/offline/boot";

/** The first page of a visit keeps where the visit came from, for the forms (src/attribution/). */
export const onClientEntry = captureAttribution;

/** Once the first page has loaded, the service worker is registered (src/offline/). */
export const onInitialClientRender = bootOffline;

/** A new version of the site that waits is applied at the next navigation inside the site (src/offline/update-offer.ts). */
export const onRouteUpdate: GatsbyBrowser["onRouteUpdate"] = ({ prevLocation }) => {
  const update = (window as { ___siteUpdate?: () => void }).___siteUpdate;
  if (prevLocation && update) update();
};

/** The page's language (its context's `lang`, set at build by gatsby-node.ts) for every component of the page (src/i18n/LangContext.tsx). */
export const wrapPageElement: GatsbyBrowser["wrapPageElement"] = ({ element, props }) => (
  <LangProvider value={(props.pageContext as { lang?: string }).lang === "ar" ? "ar" : "en"}>
    <PageLocationProvider value={{ pathname: props.location.pathname, search: props.location.search ?? "", hash: props.location.hash ?? "" }}>{element}</PageLocationProvider>
  </LangProvider>
);
