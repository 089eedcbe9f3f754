import "./src/styles/global.css";
import { captureAttribution } from "./src/attribution/capture";
import { bootOffline } from "./src/offline/boot";

/** The first page of a visit keeps where the visit came from, for the forms (src/attribution/). */
export const onClientEntry = captureAttribution;

/** Once the first page has loaded, the service worker is registered (src/offline/). */
export const onInitialClientRender = bootOffline;
