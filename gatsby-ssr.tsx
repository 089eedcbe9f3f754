import React from "react";
import type { GatsbySSR } from "gatsby";

export const onRenderBody: GatsbySSR["onRenderBody"] = ({ setHtmlAttributes }) => {
  setHtmlAttributes({ lang: "en" });
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
