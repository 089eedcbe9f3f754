import React from "react";
import type { Renderer } from "react-dom";
import { createRoot, hydrateRoot } from "react-dom/client";
import "./src/styles/global.css";
import { LangProvider, PagePathProvider } from "./src/i18n/LangContext";
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
    <PagePathProvider value={props.location.pathname}>{element}</PagePathProvider>
  </LangProvider>
);

/**
 * React's root, as Gatsby makes it, but hearing one recoverable error as what it is. A form still waiting for its
 * code (src/forms/island.tsx) is a Suspense boundary React has not hydrated; any change of a context above it (the
 * router's location, at a link to a fragment of the page) makes React give up the served form and render it in the
 * browser (React error 421). The island then asks for the form's code at once and draws the form from it: nothing is
 * lost (a form a visitor has typed into has hydrated already), so that error is not reported. Every other one is.
 */
const onRecoverableError = (error: unknown): void => {
  if (/#421\b|received an update before it finished hydrating/.test(String((error as Error | null)?.message))) return;
  if (typeof reportError === "function") reportError(error);
  else console.error(error);
};

const renderSite = (element: React.ReactElement, container: Element): void => {
  if (container.hasChildNodes()) hydrateRoot(container, element, { onRecoverableError });
  else createRoot(container, { onRecoverableError }).render(element);
};

// Gatsby calls the function it is given with (element, container); its type is react-dom's legacy render's.
export const replaceHydrateFunction: GatsbyBrowser["replaceHydrateFunction"] = () => renderSite as unknown as Renderer;
