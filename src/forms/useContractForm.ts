import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { attributionFor, preloadAttribution } from "../attribution/load";
import { useLang } from "../i18n/LangContext";
import type { Lang } from "../shared/i18n/lang";
import { preloadClient } from "./api-client";
import { clearTrap, SPAM_TRAP_FIELD, trapValue } from "./spam/trap";
import { BASE_FORMATS, buildBody, isRequired, validateBody, type FormatChecks, type FormRules, type SchemaRule } from "./validation";

/** What a form field holds: text, a tick, the ticked choices of a group, or a chosen file. */
export type FieldValue = string | boolean | string[] | File | null;
export type FormValues = Record<string, FieldValue>;

/** What openapi-fetch resolves to: `error` is set (and the response not OK) on a failure. */
export interface SendResult {
  error?: unknown;
  response: Response;
}

export interface FormStatusMessage {
  kind: "success" | "error";
  text: string;
}

export interface ContractFormOptions<V extends FormValues> {
  /** The operation's rules (src/contract/form-rules/<operationId>.json). */
  rules: FormRules;
  /** The values the form starts with. */
  initialValues: V;
  /** The values the form resets to after a successful submission (a form keeps its values after a failure); default `initialValues`. */
  resetValues?: V;
  /** Checks of the formats the rules use beside email (the SME form's uri). */
  formats?: FormatChecks;
  /** Values of the body that are no field of the form (mailType, the job role, the product name). */
  fixed?: Record<string, unknown>;
  /** Rules that are not the contract's (the demo's acceptTerms): false marks a field invalid. */
  extraValidity?: (values: V) => Record<string, boolean>;
  /** Sends the body (through src/contract/client.ts) under the submission's Idempotency-Key; resolves to openapi-fetch's result. */
  send: (body: Record<string, unknown>, idempotencyKey: string) => Promise<SendResult>;
  /** The fields' labels (the readable copy of a send kept on the device). */
  labels?: readonly { name: string; label: string }[];
  successMessage: string;
  /** The message of a failure (the server's answer, or the exception). */
  failureMessage: (failure: unknown) => string | Promise<string>;
  /** The message when `failureMessage` itself fails (data/form-words.json). */
  genericFailure: string;
  /** Log a failure to the console as well as showing it (the training, SME and partnership forms do). */
  logFailure?: boolean;
  /** Called after a success (a modal form closes its modal). */
  onSuccess?: () => void;
  /** The button is disabled while the form is invalid (all forms but contact and demo, which mark every field on an invalid submit instead). */
  disableWhileInvalid?: boolean;
  /** A message shown instead of sending when the form is invalid (the order upload's missing file). */
  blockedMessage?: (values: V, fields: Record<string, boolean>) => string | undefined;
}

export interface ContractForm<V extends FormValues> {
  /** Unique prefix of the form's element ids. */
  id: string;
  values: V;
  setValue: (name: keyof V & string, value: FieldValue) => void;
  /** Marks a field as visited (its validity shows from then on). */
  touch: (name: keyof V & string) => void;
  /** The field breaks a rule and was visited: red border, aria-invalid. */
  showInvalid: (name: keyof V & string) => boolean;
  isRequired: (name: keyof V & string) => boolean;
  /** Validity of every field. */
  fields: Record<string, boolean>;
  valid: boolean;
  submitting: boolean;
  /** The submit button is disabled. */
  buttonDisabled: boolean;
  status: FormStatusMessage | null;
  clearStatus: () => void;
  /** Grows at each reset (file inputs clear their chosen file). */
  resetCount: number;
  rules: FormRules;
  formRef: React.RefObject<HTMLFormElement>;
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
  /** The script is running (until then the button stays disabled: a form must never submit natively). */
  ready: boolean;
  /** Spread on the <form>: ref, noValidate, onSubmit, method post, data-hydrated once the script runs, data-form (its key), and a focus handler that fetches the API client and the attribution's module. */
  formProps: {
    ref: React.RefObject<HTMLFormElement>;
    noValidate: true;
    method: "post";
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
    onFocus: () => void;
    "data-hydrated"?: "true";
    /** The form's key, the last part of its call's path (contact_us, news-letter...): what tests and tools find it by. */
    "data-form": string;
  };
}

/**
 * The attribution a form sends: where the visit came from (src/attribution/)
 * and, when the form's rules take it (contract 1.6.0), the language of the page
 * (its address's: /ar/... is Arabic), so sales answer in it.
 */
export function withLanguage(attribution: Record<string, unknown> | undefined, rule: SchemaRule | undefined, lang: Lang): Record<string, unknown> | undefined {
  return rule?.properties?.language ? { ...attribution, language: lang } : attribution;
}

/**
 * The values a served form's controls hold that its state does not (typed,
 * ticked, chosen or picked before the form's code ran; React keeps such input
 * as it hydrates, src/forms/island.tsx), or null when there are none.
 */
export function typedBefore<V extends FormValues>(form: HTMLFormElement, values: V): Partial<V> | null {
  const typed: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (!control) continue;
    let now: FieldValue = value;
    if (control instanceof RadioNodeList) {
      const boxes = Array.from(control).filter((el): el is HTMLInputElement => el instanceof HTMLInputElement);
      if (Array.isArray(value)) now = boxes.filter((box) => box.checked).map((box) => box.value);
      else if (typeof value === "string") now = control.value;
    } else if (control instanceof HTMLInputElement && control.type === "checkbox") {
      if (typeof value === "boolean") now = control.checked;
      else if (Array.isArray(value)) now = control.checked ? [control.value] : [];
    } else if (control instanceof HTMLInputElement && control.type === "file") {
      now = control.files?.[0] ?? value;
    } else if (typeof value === "string" && "value" in control) {
      now = String(control.value);
    }
    if (Array.isArray(now) && Array.isArray(value) ? now.join("\n") !== value.join("\n") : now !== value) typed[name] = now;
  }
  return Object.keys(typed).length > 0 ? (typed as Partial<V>) : null;
}

/** A form's focus: fetches the API client (and starts the next proof of work) and the attribution's module. */
function preload(): void {
  preloadClient();
  preloadAttribution();
}

/**
 * The state of one form of the contract: values, visited fields, per-field
 * validity from the contract's rules (src/forms/validation.ts), the pending
 * flag and the message of the last submission. An invalid submission sends
 * nothing: every field is marked visited and the first invalid one focused.
 * A success resets the form (to `resetValues`); a failure keeps everything typed.
 * The form's spam trap, when a bot filled it, is sent too (see src/forms/spam/trap.ts),
 * and so is where the visit came from, when the form's rules take it (`attribution`, src/attribution/).
 *
 * Each submission carries an Idempotency-Key made at its first try and kept
 * for its retries (the same body sent again) until it succeeds: one that may
 * have reached the server is never sent under a new key. (The `fixed` values
 * of a form are memoised: the body changes only when what it holds does.) A send that got
 * no answer while a service worker controls the page is kept on the device
 * (src/offline/outbox/) and sent later under the same key: the visitor reads
 * so, and the form resets as on success.
 */
export function useContractForm<V extends FormValues>(options: ContractFormOptions<V>): ContractForm<V> {
  const { rules, initialValues, fixed, extraValidity, formats } = options;
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [resetCount, setResetCount] = useState(0);
  const [focusRequest, setFocusRequest] = useState(0);
  const [ready, setReady] = useState(false);
  const lang = useLang();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const inFlight = useRef(false);
  /** The Idempotency-Key of this body's sends (a random UUID; a blob: URL's where there is no crypto.randomUUID, Safari before 15.4). */
  const key = useRef<string>();
  const latest = useRef(options);
  latest.current = options;

  const body = useMemo(() => buildBody(rules, { ...values, ...fixed }), [rules, values, fixed]);
  const { fields, valid } = useMemo(() => {
    const validity = validateBody(rules, body, formats ? { ...BASE_FORMATS, ...formats } : BASE_FORMATS);
    const all = { ...validity.fields, ...(extraValidity ? extraValidity(values) : {}) };
    return { fields: all, valid: Object.values(all).every(Boolean) };
  }, [rules, body, extraValidity, values, formats]);

  useEffect(() => {
    setReady(true);
    // What the visitor typed, ticked or chose in the served form before its code ran is theirs: kept.
    const typed = formRef.current && typedBefore(formRef.current, latest.current.initialValues);
    if (typed) setValues((current) => ({ ...current, ...typed }));
  }, []);
  // Another body is another submission: a new key at its first try.
  useEffect(() => {
    key.current = undefined;
  }, [body]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const setValue = useCallback((name: string, value: FieldValue) => {
    setValues((current) => ({ ...current, [name]: value }));
  }, []);
  const touch = useCallback((name: string) => {
    setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
  }, []);

  const submit = async () => {
    const { send, successMessage, failureMessage, genericFailure, logFailure, onSuccess, resetValues, blockedMessage } = latest.current;
    if (inFlight.current) return;
    if (!valid) {
      setTouched(Object.fromEntries(Object.keys({ ...values, ...fields }).map((name) => [name, true])));
      const message = blockedMessage?.(values, fields);
      setStatus(message ? { kind: "error", text: message } : null);
      setFocusRequest((n) => n + 1);
      return;
    }
    inFlight.current = true;
    setSubmitting(true);
    setStatus(null);
    let failure: unknown;
    let succeeded = false;
    let kept: string | undefined;
    let sent: Record<string, unknown> | undefined;
    const idempotencyKey = (key.current ??= crypto.randomUUID ? crypto.randomUUID() : URL.createObjectURL(new Blob()).slice(-36));
    // The spam trap (src/forms/spam/SpamTrap.tsx) is no field of the form's state: read when sent, and sent only when filled.
    const trapped = trapValue(formRef.current, rules.schema.properties[SPAM_TRAP_FIELD]?.maxLength);
    try {
      const rule = rules.schema.properties.attribution;
      const attribution = withLanguage(await attributionFor(rule), rule, lang);
      const withAttribution: Record<string, unknown> = attribution === undefined ? body : { ...body, attribution };
      sent = trapped === undefined ? withAttribution : { ...withAttribution, [SPAM_TRAP_FIELD]: trapped };
      const result = await send(sent, idempotencyKey);
      // The whole result (its `error` and its `response`): the message is the error's, the status says 413, 429, 503.
      if (result.error !== undefined || !result.response.ok) failure = result;
      else succeeded = true;
    } catch (err) {
      failure = err;
      // No answer came (no network, the connection dropped, the client's code could not be fetched): kept, if a service worker can send it later.
      if (sent && navigator.serviceWorker?.controller) {
        const body = sent;
        kept = await import(/* webpackChunkName: "outbox" */ "../offline/outbox/page")
          .then((outbox) => outbox.keepSend(idempotencyKey, rules, body, latest.current.labels))
          .catch(() => undefined);
        succeeded = kept !== undefined;
      }
    }
    let message = kept ?? successMessage;
    if (!succeeded) {
      if (logFailure) console.error(typeof failure === "object" && failure !== null && "response" in failure ? ((failure as SendResult).error ?? failure) : failure);
      try {
        message = await failureMessage(failure);
      } catch {
        message = genericFailure;
      }
    }
    inFlight.current = false;
    setSubmitting(false);
    if (succeeded) {
      key.current = undefined;
      clearTrap(formRef.current);
      setValues(resetValues ?? initialValues);
      setTouched({});
      setResetCount((n) => n + 1);
      setStatus({ kind: "success", text: message });
      onSuccess?.();
    } else {
      setStatus({ kind: "error", text: message });
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  return {
    id,
    values,
    setValue,
    touch,
    showInvalid: (name) => Boolean(touched[name]) && fields[name] === false,
    isRequired: (name) => isRequired(rules, name),
    fields,
    valid,
    submitting,
    buttonDisabled: !ready || submitting || (options.disableWhileInvalid !== false && !valid),
    status,
    clearStatus: () => setStatus(null),
    resetCount,
    rules,
    formRef,
    onSubmit,
    ready,
    formProps: { ref: formRef, noValidate: true, method: "post", onSubmit, onFocus: preload, "data-hydrated": ready ? "true" : undefined, "data-form": rules.path.slice(rules.path.lastIndexOf("/") + 1) },
  };
}
