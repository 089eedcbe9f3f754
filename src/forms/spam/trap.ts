/**
 * The spam trap's name and how a form reads it when it sends (SpamTrap.tsx
 * draws it): the value a bot typed, as the contract takes it (at most its
 * maxLength in characters), or undefined when it is empty, as people leave it.
 */

/** The body field of the contract's SpamTrap (every form's body has it). */
export const SPAM_TRAP_FIELD = "altContact";

/** What the form's trap holds, cut to `maxLength` characters; undefined when empty (or the form has no trap). */
export function trapValue(form: HTMLFormElement | null, maxLength?: number): string | undefined {
  const input = form?.elements.namedItem(SPAM_TRAP_FIELD);
  if (!input || !("value" in input) || typeof input.value !== "string" || input.value.trim() === "") return undefined;
  return maxLength === undefined ? input.value : Array.from(input.value).slice(0, maxLength).join("");
}

/** Empties the form's trap (after a success, as the form's other fields). */
export function clearTrap(form: HTMLFormElement | null): void {
  const input = form?.elements.namedItem(SPAM_TRAP_FIELD);
  if (input && "value" in input) input.value = "";
}
