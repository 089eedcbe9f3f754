import React from "react";
import { LangProvider, PagePathProvider } from "./src/i18n/LangContext";
import { DIRECTION, langOfPath } from "./src/shared/i18n/lang";
import type { GatsbySSR } from "gatsby";
import appManifest from "./src/offline/app-manifest.json";
import manifestPaths from "./src/offline/manifest-paths.json";

/**
 * Every page names the web app manifest of its language (src/offline/manifest-paths.json, written by
 * scripts/build/service-worker.mjs from src/offline/app-manifest.json), so the site can be added to the home
 * screen (from an Arabic page: opening on /ar, right to left), and the theme
 * colour (the header's navy) browsers tint their bar with.
 */
export const onRenderBody: GatsbySSR["onRenderBody"] = ({ pathname, setHtmlAttributes, setHeadComponents }) => {
  // The language and direction are in the built HTML (the page's Head says the same, for navigations in the browser).
  const lang = langOfPath(pathname);
  setHtmlAttributes({ lang, dir: DIRECTION[lang] });
  setHeadComponents([<link key="manifest" rel="manifest" href={manifestPaths[lang]} />, <meta key="theme-color" name="theme-color" content={appManifest.theme_color} />]);
};

/**
 * gatsby-plugin-image adds a stylesheet, a <noscript> and a module script to
 * every page for its <GatsbyImage>. The site renders the plugin's processed
 * images with its own <Picture> (src/components/Picture.tsx), so they are
 * dead weight in each page's critical bytes: left out.
 */
const IMAGE_PLUGIN_HEAD_KEYS = new Set(["gatsby-image-style", "gatsby-image-style-noscript", "gatsby-image-style-script"]);

export const onPreRenderHTML: GatsbySSR["onPreRenderHTML"] = ({ getHeadComponents, replaceHeadComponents }) => {
  const head = getHeadComponents();
  const kept = head.filter((component) => !(React.isValidElement(component) && IMAGE_PLUGIN_HEAD_KEYS.has(String(component.key))));
  if (kept.length !== head.length) replaceHeadComponents(kept);
};

/**
 * The page's language for every component of the page (src/i18n/LangContext.tsx): its address's (/ar... Arabic), the
 * language gatsby-node.ts built it in; the 404 page shown for an unknown address speaks the address's language.
 */
export const wrapPageElement: GatsbySSR["wrapPageElement"] = ({ element, props }) => (
  <LangProvider value={langOfPath(props.location.pathname)}>
    <PagePathProvider value={props.location.pathname}>{element}</PagePathProvider>
  </LangProvider>
);
