import React, { useEffect, useRef, useState } from "react";

interface CopyButtonProps {
  /** The text copied. */
  text: string;
  /** What the button copies, for screen readers ("curl call of sendContactEnquiry"). */
  label: string;
  className?: string;
}

/** Selects the text in a hidden textarea and copies it: for browsers without the asynchronous Clipboard API (or without its permission). */
function copyBySelection(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.className = "visually-hidden";
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } finally {
    area.remove();
  }
  return copied;
}

/**
 * A button that copies a code block's text, and says so in a live region
 * ("Copied" or "Select the text to copy it" when the browser refuses).
 */
export function CopyButton({ text, label, className }: CopyButtonProps): React.ReactElement {
  const [status, setStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    let copied = false;
    try {
      await navigator.clipboard.writeText(text);
      copied = true;
    } catch {
      copied = copyBySelection(text);
    }
    setStatus(copied ? "Copied" : "Copy failed: select the text to copy it");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus(""), 4000);
  };

  return (
    <span className={className}>
      <button type="button" onClick={() => void copy()} aria-label={`Copy the ${label}`} data-copy>
        Copy
      </button>
      <span role="status" data-copy-status>
        {status}
      </span>
    </span>
  );
}
