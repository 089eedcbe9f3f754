import React from "react";
import type { FormWords } from "../useFormWords";
import { SPAM_TRAP_FIELD } from "./trap";
import * as styles from "./SpamTrap.module.css";

interface SpamTrapProps {
  /** The form's id prefix (useContractForm's `id`). */
  idPrefix: string;
  /** The form's words: the trap's label is its field altContact's (data/forms/<key>.json). */
  words: FormWords;
}

/**
 * The spam trap of a form (the contract's SpamTrap, body field altContact): a
 * text input people never fill. It is off the screen, out of the tab order,
 * hidden from assistive technology and refused to autofill; the form reads it
 * when it sends (src/forms/spam/trap.ts), so it has no state of its own.
 */
export function SpamTrap({ idPrefix, words }: SpamTrapProps): React.ReactElement {
  const id = `${idPrefix}-${SPAM_TRAP_FIELD}`;
  const label = words.field[SPAM_TRAP_FIELD]?.label;
  return (
    <div className={styles.trap} aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="text" name={SPAM_TRAP_FIELD} tabIndex={-1} autoComplete="off" data-1p-ignore="" data-lpignore="true" defaultValue="" />
    </div>
  );
}
