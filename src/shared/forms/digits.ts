/**
 * Arabic-Indic digits in number fields. A visitor on an Arabic keyboard types
 * a phone number or a quantity with ٠-٩ (U+0660-0669) or, on a Persian or Urdu
 * layout, ۰-۹ (U+06F0-06F9): both are read as the Latin digits 0-9 the
 * contract's rules expect, before any validation, in the browser (the form)
 * and on the server (for integrators too), so they get the same answer as with
 * Latin digits. Text fields (names, messages) keep what was typed.
 *
 * Pure functions, shared by src/forms/ and server/api/.
 */

/** The JSON-Schema subset the normaliser reads: src/contract/form-rules/<operationId>.json. */
export interface DigitRule {
  type?: string;
  pattern?: string;
  properties?: Record<string, DigitRule>;
  items?: DigitRule;
}

const ARABIC_INDIC = /[\u0660-\u0669\u06F0-\u06F9]/g;

/** Any Arabic-Indic digit in `text` (either range) as its Latin digit: "٠٥٠١٢٣٤٥٦٧" -> "0501234567". */
export function toLatinDigits(text: string): string {
  return text.replace(ARABIC_INDIC, (digit) => {
    const code = digit.charCodeAt(0);
    return String.fromCharCode(48 + (code >= 0x06f0 ? code - 0x06f0 : code - 0x0660));
  });
}

/**
 * A number as typed, in Latin digits: Arabic-Indic digits, the Arabic decimal
 * separator (٫ U+066B) as ".", and the Arabic thousands separator (٬ U+066C)
 * dropped; surrounding spaces trimmed.
 */
export function toLatinNumber(text: string): string {
  return toLatinDigits(text).replace(/\u066B/g, ".").replace(/\u066C/g, "").trim();
}

/** A rule whose values are numbers, or text made of digits (a phone number: its pattern speaks of [0-9] or \d). */
export function isDigitRule(rule: DigitRule | undefined): boolean {
  if (!rule) return false;
  if (rule.type === "number" || rule.type === "integer") return true;
  return rule.type === "string" && typeof rule.pattern === "string" && /\[0-9\]|\\d/.test(rule.pattern);
}

/**
 * `value` with the Arabic-Indic digits of its number fields (per `rule`, down
 * through objects and lists) in Latin digits; every other value as it was. A
 * new object where something changed; the same value otherwise.
 */
export function normaliseDigits<T>(rule: DigitRule | undefined, value: T): T {
  if (!rule) return value;
  if (typeof value === "string") {
    if (!isDigitRule(rule)) return value;
    return (rule.type === "string" ? toLatinDigits(value) : toLatinNumber(value)) as T;
  }
  if (Array.isArray(value)) {
    if (!rule.items) return value;
    let changed = false;
    const out = value.map((item: unknown) => {
      const next = normaliseDigits(rule.items, item);
      if (next !== item) changed = true;
      return next;
    });
    return (changed ? out : value) as T;
  }
  if (typeof value === "object" && value !== null && rule.properties) {
    if (typeof Blob !== "undefined" && value instanceof Blob) return value;
    let out: Record<string, unknown> | undefined;
    for (const [name, item] of Object.entries(value as Record<string, unknown>)) {
      const next = normaliseDigits(rule.properties[name], item);
      if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[name] = next;
    }
    return (out ?? value) as T;
  }
  return value;
}
