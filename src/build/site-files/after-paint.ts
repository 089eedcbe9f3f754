import { rewriteHtmlFiles } from "./html-files";
import { MAIN_IMAGE_TIMING } from "../../shared/utils/main-image";

/** Longest wait for the page's images before the scripts are fetched anyway. */
export const LOAD_WAIT_CAP_MS = 3000;

/** Longest wait, once the images are in, for the browser to report the main image on screen. */
export const MAIN_IMAGE_WAIT_CAP_MS = 500;

/**
 * Gatsby ends every page with <script async> tags for its runtime, React and
 * the app. Found by the preload scanner, they are fetched at once and run as
 * soon as they arrive: on a fast link before the first paint, on a slow one
 * sharing the bandwidth with the hero image. Either way the page paints later.
 *
 * Instead (deferBundleScriptsIn, run after the build has written the pages),
 * one small inline script adds the same tags once the page has painted and
 * its images are in: after the first frame (requestAnimationFrame, then a
 * task) and the window's load event, or LOAD_WAIT_CAP_MS after that frame if
 * the load event is slow to come. A page whose main image is marked
 * (src/shared/utils/main-image.ts) also waits for the browser's Element Timing entry
 * saying that image is on screen (frames reach the screen a little after
 * they are drawn), at most MAIN_IMAGE_WAIT_CAP_MS; a browser without Element
 * Timing does not wait. React hydrates right after. A page opened in a
 * background tab, where frames do not run, loads them at once.
 */
export function afterFirstPaintLoader(sources: readonly string[]): string {
  return (
    "(function(s){var d=false;function l(){if(d)return;d=true;s.forEach(function(u){var e=document.createElement('script');e.src=u;e.async=true;document.body.appendChild(e)})}" +
    "function p(){var m=document.querySelector('img[elementtiming=" +
    MAIN_IMAGE_TIMING +
    "]'),o=window.PerformanceObserver,t=o&&o.supportedEntryTypes;" +
    "if(!m||!t||t.indexOf('element')<0){setTimeout(l,0);return}" +
    "var b=new o(function(){b.disconnect();setTimeout(l,0)});b.observe({type:'element',buffered:true});setTimeout(l," +
    String(MAIN_IMAGE_WAIT_CAP_MS) +
    ")}" +
    "function f(){if(document.readyState==='complete'){p()}else{window.addEventListener('load',p);setTimeout(l," +
    String(LOAD_WAIT_CAP_MS) +
    ")}}" +
    "if(document.visibilityState==='hidden'||typeof requestAnimationFrame!=='function'){l()}else{requestAnimationFrame(function(){setTimeout(f,0)})}})(" +
    JSON.stringify(sources).replace(/</g, "\\u003c") +
    ");"
  );
}

const BUNDLE_SCRIPT = /<script src="([^"<>]+)" async(?:="")?><\/script>/g;

/**
 * The page with its bundle <script async> tags replaced by the loader, placed
 * where the last of them was (Gatsby stitches them into the HTML after its
 * render hooks, so this runs on the written files). A page without them is
 * returned as it is.
 */
export function deferBundleScripts(html: string): string {
  const sources = [...html.matchAll(BUNDLE_SCRIPT)].map((m) => m[1]);
  if (sources.length === 0) return html;
  let seen = 0;
  return html.replace(BUNDLE_SCRIPT, () => {
    seen++;
    return seen === sources.length ? `<script>${afterFirstPaintLoader(sources)}</script>` : "";
  });
}

/** Applies deferBundleScripts to every .html file under `dir`; returns how many files it changed. */
export function deferBundleScriptsIn(dir: string): number {
  return rewriteHtmlFiles(dir, deferBundleScripts);
}
