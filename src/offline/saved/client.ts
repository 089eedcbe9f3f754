/**
 * The page's side of "Save for offline", loaded on demand by SaveOffline.tsx:
 * saves or removes an item (store.ts), asks for persistent storage on the
 * first save and says what the item and the site take on this device.
 */
import { langOfPath, localePath } from "../../shared/i18n/lang";
import { fill } from "../../shared/utils/template";
import { savedIndex } from "./index-db";
import type { SavedKind } from "./list";
import type { SaveOfflineTexts } from "./SaveOffline";
import { removeItem, saveItem, type SavedDeps } from "./store";

const deps = (): SavedDeps => ({ caches, fetch: (input, init) => fetch(input, init), index: savedIndex() });

/**
 * What a button saves: a product page in the language shown (on an Arabic
 * page, /ar/<slug>: the build's list has both), a document's file as it is
 * (the same in both languages). Done here, in the chunk loaded on demand, so
 * the button itself (in every product page's first load) carries none of it.
 */
export function itemPath(kind: SavedKind, path: string, shown: string = window.location.pathname): string {
  return kind === "product" ? localePath(langOfPath(shown), path) : path;
}

export async function isSaved(path: string, kind: SavedKind): Promise<boolean> {
  return Boolean(await savedIndex().get(itemPath(kind, path)));
}

const TYPES: Record<string, string> = { avif: "image/avif", webp: "image/webp" };
const typeOf = (url: string) => TYPES[/\.(\w+)(?:[?#]|$)/.exec(url)?.[1] ?? ""] ?? "";

/**
 * The picture format this browser takes: that of a picture the page shows,
 * or, before any has loaded, the one a detached <picture> offering AVIF then
 * WebP selects ("" for the <img>'s own).
 */
export async function bestImageType(): Promise<string> {
  for (const img of document.querySelectorAll<HTMLImageElement>("picture img")) if (img.currentSrc) return typeOf(img.currentSrc);
  const picture = document.createElement("picture");
  picture.innerHTML = '<source type="image/avif" srcset="data:,a.avif"><source type="image/webp" srcset="data:,a.webp"><img alt="" src="data:,">';
  const img = picture.querySelector("img") as HTMLImageElement;
  await new Promise((done) => {
    img.onload = img.onerror = done;
    setTimeout(done, 1000);
  });
  return typeOf(img.currentSrc);
}

function size(bytes: number, units: SaveOfflineTexts["units"]): string {
  let value = bytes;
  for (const unit of [units.bytes, units.kilobytes, units.megabytes]) {
    if (value < 1024) return `${unit === units.bytes ? value : value < 10 ? value.toFixed(1) : Math.round(value)} ${unit}`;
    value /= 1024;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units.gigabytes}`;
}

/** "{used} of {quota}" of the site's storage, when the browser says. */
async function usage(texts: SaveOfflineTexts): Promise<string> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate?.usage || !estimate.quota) return "";
  return ` ${fill(texts.usage, { used: size(estimate.usage, texts.units), quota: size(estimate.quota, texts.units) })}`;
}

/** Saves (saved = false) or removes (saved = true) the item; returns whether it is saved now, and what to announce. */
export async function toggle(kind: SavedKind, given: string, saved: boolean, texts: SaveOfflineTexts): Promise<[boolean, string]> {
  const d = deps();
  const path = itemPath(kind, given);
  if (saved) {
    await removeItem(d, path);
    return [false, texts.removed + (await usage(texts))];
  }
  const first = (await d.index.all()).length === 0;
  const item = await saveItem(d, kind, path, kind === "product" ? await bestImageType() : "");
  // On the first save, ask the browser not to evict the saved files under storage pressure.
  if (first && navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist().catch(() => false);
  return [true, fill(texts.done, { size: size(item.bytes, texts.units) }) + (await usage(texts))];
}
