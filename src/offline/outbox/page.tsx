/**
 * The page's side of the forms' outbox, fetched only when something is kept:
 * when the service worker says so (start.ts), or by a form whose send got no
 * answer (src/forms/useContractForm.ts; offline, from the precache):
 *
 * - keepSend(): keeps a send in IndexedDB (record.ts) and asks for it to be
 *   sent (Background Sync where the browser has it, and the worker at once);
 * - the indicator under the header (its own React root, so it stays from
 *   page to page): how many forms wait, "Send now", and the forms
 *   the server refused, with the visitor's text to copy and a way to dismiss;
 * - asks the service worker to send what waits when the next item falls due
 *   (start.ts asks when a page loads and when it goes online).
 */
import React, { useState, useSyncExternalStore } from "react";
import { createRoot } from "react-dom/client";
import ENGLISH from "../../../data/offline-outbox.json";
import ARABIC from "../../../data/offline-outbox.ar.json";
import { FORMS, isFormKey } from "../../shared/forms/registry";
import { SPAM_TRAP_FIELD } from "../../forms/spam/trap";
import type { FormRules } from "../../forms/validation";
import { langOfPath, NUMBER_LOCALE, type Lang } from "../../shared/i18n/lang";
import { fill } from "../../shared/utils/template";
import { CHANGED_MESSAGE, nextDue, OUTBOX_TAG, REPLAY_MESSAGE, type OutboxItem } from "./policy";
import { keptItem, type KeptSend } from "./record";
import { allItems, deleteItem, putItem } from "./store";
import * as styles from "./Outbox.module.css";

/**
 * The words of the page's language: the indicator is a React root of its own
 * (no page context), so the language is the page's path's (/ar/... is Arabic),
 * read at each render: it stays from page to page, in either language.
 */
function pageLang(): Lang {
  return typeof location === "undefined" ? "en" : langOfPath(location.pathname);
}

function wordsOf(lang: Lang): typeof ENGLISH {
  return lang === "ar" ? { ...ENGLISH, ...ARABIC } : ENGLISH;
}

/** What the indicator shows of an item (never its body). */
type Shown = Omit<OutboxItem, "body">;

let registration: ServiceWorkerRegistration | undefined;
let shown: readonly Shown[] = [];
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setTimeout> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Reads the outbox again, shows it, and plans the next try of what waits. */
async function refresh(): Promise<void> {
  const items = await allItems().catch(() => []);
  shown = items.map(({ body: _body, ...rest }) => rest);
  listeners.forEach((listener) => listener());
  clearTimeout(timer);
  const due = nextDue(items);
  if (due !== undefined) timer = setTimeout(() => void requestReplay(false), Math.max(1_000, due - Date.now()));
}

/** Asks the service worker to send what is due (with none active yet, the worker sends it once it starts). */
async function requestReplay(networkBack: boolean): Promise<void> {
  (navigator.serviceWorker?.controller ?? registration?.active)?.postMessage({ type: REPLAY_MESSAGE, networkBack });
}

/** Asks the browser for a Background Sync event once the network is back (Chromium); elsewhere the triggers above do. */
async function registerSync(): Promise<void> {
  const ready = registration ?? (await navigator.serviceWorker.ready);
  await (ready as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(OUTBOX_TAG);
}

/**
 * Keeps a send that got no answer on the device, to be sent under the same
 * key once the network is back; resolves to the message the visitor reads.
 * Rejects when it cannot be kept (no IndexedDB): the form then keeps what
 * was typed.
 */
export async function keepSend(key: string, rules: Pick<FormRules, "path" | "contentType">, body: Record<string, unknown>, labels?: KeptSend["labels"]): Promise<string> {
  await putItem(await keptItem({ key, path: rules.path, contentType: rules.contentType, body, labels, skip: [SPAM_TRAP_FIELD] }, Date.now()));
  startOutboxPage();
  await refresh();
  void registerSync().catch(() => undefined);
  void requestReplay(false).catch(() => undefined);
  return wordsOf(pageLang()).saved;
}

function formName(form: string): string {
  const what = isFormKey(form) ? FORMS[form].what : form;
  return what.charAt(0).toUpperCase() + what.slice(1);
}

function Refused({ item }: { item: Shown }): React.ReactElement {
  const [copied, setCopied] = useState(false);
  const lang = pageLang();
  const words = wordsOf(lang);
  const textId = `outbox-text-${item.id}`;
  const copy = () => {
    navigator.clipboard
      ?.writeText(item.text)
      .then(() => setCopied(true))
      .catch(() => {
        // No clipboard: select the text, for the visitor to copy.
        const element = document.getElementById(textId);
        if (element) window.getSelection()?.selectAllChildren(element);
      });
  };
  return (
    <li data-testid="outbox-refused-item">
      <strong>{fill(words.refusedItem, { form: formName(item.form), date: new Date(item.created).toLocaleString(NUMBER_LOCALE[lang]) })}</strong>
      {/* The server's message is English: an Arabic page says what refusedHint says instead. */}
      {item.message && lang === "en" && <p>{item.message}</p>}
      <pre className={styles.text} id={textId}>
        {item.text}
      </pre>
      <div className={styles.actions}>
        <button type="button" className={`btn btn-outline ${styles.button}`} onClick={copy} aria-describedby={textId}>
          {copied ? words.copied : words.copy}
        </button>
        <button type="button" className={`btn btn-outline ${styles.button}`} onClick={() => void deleteItem(item.id).then(refresh)}>
          {words.dismiss}
        </button>
      </div>
    </li>
  );
}

/** The indicator: nothing visible while nothing waits and nothing was refused. */
function OutboxIndicator(): React.ReactElement {
  const items = useSyncExternalStore(subscribe, () => shown, () => shown);
  const words = wordsOf(pageLang());
  const waiting = items.filter((item) => item.state === "waiting").length;
  const refused = items.filter((item) => item.state === "refused");
  const count = waiting === 0 ? "" : waiting === 1 ? words.waitingOne : fill(words.waitingMany, { count: waiting.toLocaleString(NUMBER_LOCALE[pageLang()]) });
  return (
    <div className={styles.outbox} data-testid="outbox" data-empty={waiting + refused.length === 0 || undefined}>
      {/* Always in the page (empty when nothing waits), so a change is announced. */}
      <span role="status" aria-live="polite" data-testid="outbox-count">
        {count}
      </span>
      {waiting > 0 && (
        <button type="button" className={`btn btn-outline ${styles.button}`} onClick={() => void requestReplay(true)}>
          {words.sendNow}
        </button>
      )}
      {refused.length > 0 && (
        <details className={styles.refused} data-testid="outbox-refused">
          <summary>{refused.length === 1 ? words.refusedOne : fill(words.refusedMany, { count: refused.length.toLocaleString(NUMBER_LOCALE[pageLang()]) })}</summary>
          <div className={styles.panel}>
            <p>{words.refusedHint}</p>
            <ul>
              {refused.map((item) => (
                <Refused key={item.id} item={item} />
              ))}
            </ul>
          </div>
        </details>
      )}
    </div>
  );
}

let started = false;

/** Shows the indicator, follows the worker's news of the outbox, and asks for what waits to be sent (once per page). */
export function startOutboxPage(): void {
  if (started) return;
  started = true;
  void navigator.serviceWorker?.getRegistration().then((found) => {
    registration = found;
  });
  const host = document.createElement("div");
  host.className = styles.host;
  document.body.append(host);
  createRoot(host).render(<OutboxIndicator />);
  navigator.serviceWorker?.addEventListener("message", (event: MessageEvent<{ type?: unknown } | null>) => {
    if (event.data?.type === CHANGED_MESSAGE) void refresh();
  });
  void refresh();
}
