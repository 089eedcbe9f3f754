import React, { useEffect, useState } from "react";
import * as styles from "./SaveOffline.module.css";

/** The button's texts (data/product-ui.json and data/downloads-library.json, `saveOffline`). */
export interface SaveOfflineTexts {
  save: string;
  saving: string;
  saved: string;
  /** {size}: what the item takes. */
  done: string;
  /** {used} and {quota}: the site's storage on this device. */
  usage: string;
  removed: string;
  failed: string;
  units: { bytes: string; kilobytes: string; megabytes: string; gigabytes: string };
}

interface SaveOfflineProps {
  kind: "product" | "document";
  /** The product page's path (/<slug>: on an Arabic page, client.ts saves /ar/<slug>) or the document's URL. */
  path: string;
  texts: SaveOfflineTexts;
  /** Said after the button's text to screen readers, where many buttons share it (/downloads). */
  name?: string;
}

// States: 0 waiting for the script (disabled), -1 not offered (no service worker or Cache Storage), 1 save, 2 busy, 3 saved.
const client = () => import(/* webpackChunkName: "saved" */ "./client");

/**
 * "Save for offline" / "Saving…" / "Saved · Remove". Rendered in the HTML
 * disabled; offered once the script runs in a browser with service workers
 * and Cache Storage. The saving code (client.ts) loads on the first click, or
 * after load when this browser has saved something, to show the state.
 */
export function SaveOffline({ kind, path, texts, name }: SaveOfflineProps): React.ReactElement {
  const [state, setState] = useState(0);
  const [message, setMessage] = useState("");
  useEffect(() => {
    if (!("serviceWorker" in navigator && "caches" in window)) return setState(-1);
    setState(1);
    caches
      // SAVED_CACHE of names.ts, written out: importing it would bring the module into every product page's first load.
      .has("site-saved")
      .then((has) => has && client().then((m) => m.isSaved(path, kind)))
      .then((saved) => saved && setState(3), () => undefined);
  }, [kind, path]);
  const click = () => {
    if (state !== 1 && state !== 3) return;
    setState(2);
    client()
      .then((m) => m.toggle(kind, path, state === 3, texts))
      .then(
        ([saved, text]) => {
          setState(saved ? 3 : 1);
          setMessage(text);
        },
        () => {
          setState(state);
          setMessage(texts.failed);
        },
      );
  };
  return (
    <div className={styles.save} hidden={state < 0}>
      <button type="button" className="btn btn-outline" disabled={state === 0} aria-disabled={state === 2} onClick={click}>
        {state === 2 ? texts.saving : state === 3 ? texts.saved : texts.save}
        {name && <span className="visually-hidden">: {name}</span>}
      </button>
      <p role="status" className={styles.status}>
        {message}
      </p>
    </div>
  );
}
