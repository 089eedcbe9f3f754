import "./src/styles/global.css";
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
