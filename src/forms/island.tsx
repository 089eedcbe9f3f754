import React, { Suspense, lazy, useEffect, useMemo, useRef, useState, type ComponentType } from "react";

/*
 * Forms hydrate when a visitor reaches for them. Every form is in the static
 * HTML (the build renders it at once, its button disabled until its script
 * runs), but its code (the forms layer: validation, the contract's rules, the
 * sending) is a chunk of its own, fetched the first time the pointer passes
 * over a form, a finger or a click lands on one, or one of its fields takes
 * the focus (the keyboard's way in). Until then the form is the server's HTML
 * (React leaves a Suspense boundary waiting for its code as it was served),
 * and no page pays for code it shows but nobody uses: the footer's sign-up is
 * on every page. A form rendered after the page has hydrated (a client-side
 * navigation, a dialog) loads its code at once.
 */

/** What shows a visitor is reaching for a form: over it, on it, in it. */
const REACHES = ["pointerover", "pointerdown", "touchstart", "focusin", "input"] as const;

/** What opens a served form's way to its code: `wanted` resolves once `want` is called. */
export interface FormGate {
  wanted: Promise<void>;
  want: () => void;
}

export function formGate(): FormGate {
  let want: () => void = () => undefined;
  const wanted = new Promise<void>((resolve) => {
    want = resolve;
  });
  return { wanted, want };
}

/** Opened the first time a visitor reaches for any form of the page. */
const FORMS = formGate();

/** The first page has hydrated (gatsby-browser's onInitialClientRender): a form rendered from now on is no server HTML to keep. */
let pageHydrated = false;
export function markPageHydrated(): void {
  pageHydrated = true;
}

/** The visitor reaches for the page's forms another way (opens the dialog that holds one): their code loads now. */
export const reachForms = FORMS.want;

if (typeof document !== "undefined") {
  const onReach = (event: Event) => {
    if (!(event.target instanceof Element) || !event.target.closest("form[data-form]")) return;
    for (const type of REACHES) document.removeEventListener(type, onReach, true);
    reachForms();
  };
  // Native listeners on the document, capturing: React does not deliver events inside a boundary that waits for its code.
  for (const type of REACHES) document.addEventListener(type, onReach, { capture: true, passive: true });
  // A visitor already in a form before the script ran (its first focus came too early to be heard).
  if (document.activeElement?.closest("form[data-form]")) reachForms();
}

/**
 * A form's code, fetched again when the browser is back online if it could not
 * be (a visitor whose network went between the page and the form): never a
 * failure, which would make React throw the served form away. Meanwhile the
 * form stays as served, keeping what is typed into it, its button disabled.
 */
function loadWhenOnline<T>(load: () => Promise<T>): Promise<T> {
  return load().catch(
    () =>
      new Promise<T>((resolve) => {
        window.addEventListener("online", () => resolve(loadWhenOnline(load)), { once: true });
      }),
  );
}

/**
 * What a boundary shows while it waits for its code after React has given up its served form (an update reached
 * it before it hydrated): nothing, and the code is asked for at once, as nothing is left to reach for.
 */
function LoadNow({ gate }: { gate: FormGate }): null {
  useEffect(() => gate.want(), [gate]);
  return null;
}

/** Renders nothing; its effect runs once the boundary it is in has hydrated (or rendered). */
function Hydrated({ onHydrated }: { onHydrated: (done: boolean) => void }): null {
  useEffect(() => onHydrated(true), [onHydrated]);
  return null;
}

/**
 * A form whose code loads when a visitor reaches for it (see above), or, given
 * a gate of its own, once that gate is opened (the order upload: when its tab
 * opens). Its props are the ones it was served with until it has hydrated (a
 * boundary still waiting for its code must not be updated: React would throw
 * the served form away), then they follow the caller's.
 */
export function formIsland<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, gate: FormGate = FORMS): ComponentType<P> {
  function FormIsland(props: P): React.ReactElement {
    // A lazy component of its own: one served (hydrating) waits for its gate, one rendered later loads at once.
    // Decided here, outside the boundary: React hydrates what is inside it later, once the page is its own.
    const [Form] = useState(() => {
      const waits = typeof window !== "undefined" && !pageHydrated;
      const fetch = () => loadWhenOnline(load);
      return lazy(() => (waits ? gate.wanted.then(fetch) : fetch())) as unknown as ComponentType<P>;
    });
    const [live, setLive] = useState(false);
    const servedProps = useRef(props);
    const shown = live ? props : servedProps.current;
    // One element while nothing changes: a new one would be an update to the waiting boundary.
    return useMemo(
      () => (
        <Suspense fallback={<LoadNow gate={gate} />}>
          <Form {...shown} />
          <Hydrated onHydrated={setLive} />
        </Suspense>
      ),
      [Form, shown],
    );
  }
  return FormIsland;
}
