/**
 * The offer to update the site: a new service worker is
 * installed and waits; nothing takes over on its own.
 *
 * - A small bar says so politely (a status region) and offers "Update"
 *   (keyboard reachable, visible focus, no motion) and "Later".
 * - The update is applied on that click, or at the next navigation inside the
 *   site (gatsby-browser.tsx onRouteUpdate calls window.___siteUpdate), but
 *   never while a form holds unsent input (hasUnsentInput): then the bar says
 *   the update waits, and it is tried again at the next click or navigation.
 * - Applying it: the page asks the waiting worker to take over (the message
 *   SKIP_WAITING, src/offline/sw/caching.ts); when it controls the page
 *   (controllerchange) the page reloads, once.
 * - Another open tab of the site sees the same change of worker: it reloads
 *   too unless one of its forms holds unsent input; then its next navigation
 *   loads the page in full (Gatsby's window.___swUpdated), so it runs the new
 *   version's code.
 */

import OFFLINE_WORDS from "../../data/offline-page.json";
import OFFLINE_WORDS_AR from "../../data/offline-page.ar.json";

/** The message the site's service worker answers with skipWaiting() (src/offline/sw/caching.ts). */
export const SKIP_WAITING = "SKIP_WAITING";

/** Inputs whose value is text a visitor types. */
const TEXT_INPUTS = new Set(["text", "email", "tel", "url", "search"]);

/**
 * Whether a form of the page holds input not sent yet: in a form the site's
 * script runs (`form[data-hydrated]`), a text field or text area that is not
 * empty, or a file input with a file chosen. Every form of the site starts
 * with its text fields empty (src/forms/values.ts) and empties them again
 * once sent (or kept for sending later by the outbox), so text there is text
 * the visitor typed and has not sent. Choices (select, tick boxes, numbers)
 * are not counted: they have values of their own from the start.
 *
 * (The values React writes cannot be compared with the fields' defaults:
 * React keeps a controlled field's default value equal to its value.)
 */
export function hasUnsentInput(root: ParentNode = document): boolean {
  for (const form of Array.from(root.querySelectorAll<HTMLFormElement>("form[data-hydrated]"))) {
    for (const field of Array.from(form.elements)) {
      if (field instanceof HTMLTextAreaElement && !field.disabled && !field.readOnly && field.value.trim() !== "") return true;
      if (field instanceof HTMLInputElement && !field.disabled && !field.readOnly) {
        if (TEXT_INPUTS.has(field.type) && field.value.trim() !== "") return true;
        if (field.type === "file" && (field.files?.length ?? 0) > 0) return true;
      }
    }
  }
  return false;
}

/**
 * The bar's words in the page's language (`<html lang>`, written by the build):
 * data/offline-page.json, or its Arabic words (data/offline-page.ar.json) on an
 * Arabic page. Both are in this chunk only, which loads when an update waits:
 * no page's first load carries them.
 */
export function updateWords(lang: string = document.documentElement.lang): typeof OFFLINE_WORDS.update {
  return lang === "ar" ? { ...OFFLINE_WORDS.update, ...OFFLINE_WORDS_AR.update } : OFFLINE_WORDS.update;
}

/** Logical properties only: the bar lays out from the right on a right-to-left page. */
const STYLE = `
.site-update{position:fixed;z-index:1000;inset-inline:1rem;inset-block-end:1rem;margin-inline:auto;max-width:30rem;box-sizing:border-box;
display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.75rem 1rem;border-radius:6px;
background:#0b1f3a;color:#fff;box-shadow:0 10px 30px rgb(11 31 58/.2);font-size:.9375rem;line-height:1.4}
.site-update[hidden]{display:none}
.site-update p{margin:0;flex:1 1 14rem;color:#fff}
.site-update button{min-height:44px;padding:.5rem 1rem;border-radius:6px;border:2px solid #f2a900;font:inherit;font-weight:600;cursor:pointer}
.site-update .site-update-apply{background:#f2a900;color:#0b1f3a}
.site-update .site-update-later{background:transparent;color:#fff}
.site-update button:focus-visible{outline:3px solid #fff;outline-offset:2px}
`;

interface UpdateWindow {
  /** Applies a waiting update when no form holds unsent input (called at each navigation inside the site). */
  ___siteUpdate?: () => void;
  /** Gatsby: the next navigation loads the page in full. */
  ___swUpdated?: boolean;
}

let shown = false;

/** Shows the offer for the worker waiting in `registration` (once per page), and applies it when asked to. */
export function offerUpdate(registration: ServiceWorkerRegistration): void {
  if (shown) return;
  shown = true;
  const win = window as unknown as UpdateWindow;
  const WORDS = updateWords();
  let applying = false;
  let reloaded = false;

  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloaded) return;
    if (applying || !hasUnsentInput()) {
      reloaded = true;
      window.location.reload();
    } else {
      win.___swUpdated = true;
    }
  });

  const style = document.createElement("style");
  style.textContent = STYLE;
  document.head.append(style);

  const bar = document.createElement("section");
  bar.className = "site-update";
  bar.setAttribute("aria-label", WORDS.label);
  bar.dataset.testid = "site-update";
  const status = document.createElement("p");
  status.setAttribute("role", "status");
  const apply = document.createElement("button");
  apply.type = "button";
  apply.className = "site-update-apply";
  apply.textContent = WORDS.update;
  const later = document.createElement("button");
  later.type = "button";
  later.className = "site-update-later";
  later.textContent = WORDS.later;
  bar.append(status, apply, later);
  document.body.append(bar);
  // The status region is in the page before its text: screen readers announce the change.
  requestAnimationFrame(() => {
    status.textContent = WORDS.ready;
  });

  const tryApply = (fromClick: boolean) => {
    const waiting = registration.waiting;
    if (!waiting || applying) return;
    if (hasUnsentInput()) {
      if (fromClick) {
        bar.hidden = false;
        status.textContent = WORDS.waiting;
      }
      return;
    }
    applying = true;
    waiting.postMessage({ type: SKIP_WAITING });
  };
  apply.addEventListener("click", () => tryApply(true));
  later.addEventListener("click", () => {
    bar.hidden = true;
  });
  win.___siteUpdate = () => tryApply(false);
}
