import "./src/styles/global.css";
import { captureAttribution } from "./src/attribution/capture";

/** The first page of a visit keeps where the visit came from, for the forms (src/attribution/). */
export const onClientEntry = captureAttribution;
