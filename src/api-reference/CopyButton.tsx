import React from "react";
import { fill } from "../shared/utils/template";

/** The button's words (data/api-reference.json: copy). */
export interface CopyTexts {
  button: string;
  /** Its name for screen readers: "{what}" is the label. */
  label: string;
  done: string;
  failed: string;
}

interface CopyButtonProps {
  /** What the button copies, for screen readers ("curl call of sendContactEnquiry"). */
  label: string;
  texts: CopyTexts;
  className?: string;
}

/**
 * A button that copies the code block it sits in (see `listenForCopies`), and
 * a live region that says it did. Plain markup: the page keeps the HTML of
 * the build as it is, and one listener serves every button.
 */
export function CopyButton({ label, texts, className }: CopyButtonProps): React.ReactElement {
  return (
    <span className={className}>
      <button type="button" aria-label={fill(texts.label, { what: label })} data-copy data-copy-done={texts.done} data-copy-failed={texts.failed}>
        {texts.button}
      </button>
      <span role="status" data-copy-status />
    </span>
  );
}

/** Selects the text in a hidden textarea and copies it: for browsers without the asynchronous Clipboard API (or its permission). */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.append(area);
  area.select();
  try {
    return document.execCommand("copy");
  } finally {
    area.remove();
  }
}

/**
 * Copies the text of a code block when its Copy button is pressed (mouse,
 * Enter or Space), and says so (the button's data-copy-done text) in its live region for a few
 * seconds. One listener on `root` for every button; returns its removal.
 */
export function listenForCopies(root: HTMLElement, blockSelector: string): () => void {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const onClick = async (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest("button[data-copy]") : null;
    const block = button?.closest(blockSelector);
    const code = block?.querySelector("pre");
    const status = button?.parentElement?.querySelector("[data-copy-status]");
    if (!code || !status) return;
    const text = code.textContent ?? "";
    let copied: boolean;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = copyBySelection(text);
    }
    status.textContent = (copied ? button?.getAttribute("data-copy-done") : button?.getAttribute("data-copy-failed")) ?? "";
    const timer = setTimeout(() => {
      status.textContent = "";
      timers.delete(timer);
    }, 4000);
    timers.add(timer);
  };
  const listener = (event: MouseEvent) => void onClick(event);
  root.addEventListener("click", listener);
  return () => {
    root.removeEventListener("click", listener);
    timers.forEach(clearTimeout);
  };
}
