import React, { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "../i18n/Link";
import { toLatinNumber } from "../shared/forms/digits";
import type { ApiSchemas } from "../contract/client";
import contractRules from "../contract/form-rules/requestQuotation.json";
import { FormStatus, RequiredNote } from "../forms/FormStatus";
import { NATIONAL_PHONE, RegisteredFields } from "../forms/RegisteredForm";
import { useRegisteredForm } from "../forms/useRegisteredForm";
import { useFormWords } from "../forms/useFormWords";
import { SpamTrap } from "../forms/spam/SpamTrap";
import { clearItems, dropUnlisted, removeItem, updateItem, type EnquiryItem } from "./store";
import { fill } from "../shared/utils/template";
import { EmptyEnquiry, type EmptyEnquiryTexts } from "./EmptyEnquiry";
import * as formStyles from "../forms/Form.module.css";
import * as styles from "./EnquiryView.module.css";

/** An item's bounds, as the contract states them (QuoteItem). */
const ITEM_RULES = contractRules.schema.properties.items.items.properties;
const QUANTITY_MIN = ITEM_RULES.quantity.minimum;
const QUANTITY_MAX = ITEM_RULES.quantity.maximum;
const NOTE_MAX = ITEM_RULES.note.maxLength;
const INITIAL = { firstName: "", lastName: "", email: "", phoneNumber: "", companyName: "", message: "" };
const LAYOUT = { phoneNumber: NATIONAL_PHONE, companyName: { wide: true }, message: { rows: 4, wide: true } };

export interface EnquiryTexts {
  list: {
    heading: string;
    model: string;
    anyModel: string;
    quantity: string;
    note: string;
    remove: string;
    removed: string;
    clear: string;
    cleared: string;
  };
  empty: EmptyEnquiryTexts;
  /** The contact part's heading and text (its fields' words are the form's, data/forms/quote_request.json). */
  form: {
    heading: string;
    text: string;
  };
}

export interface CatalogueProduct {
  slug: string;
  name: string;
  models: string[];
}

interface Props {
  /** The list as kept in the browser (useEnquiryItems). */
  items: EnquiryItem[];
  texts: EnquiryTexts;
  products: CatalogueProduct[];
  categories: { slug: string; name: string }[];
}

/** An item as the contract takes it: no empty model or note, nothing but its four fields. */
function quoteItemOf(item: EnquiryItem): ApiSchemas["QuoteItem"] {
  const out: ApiSchemas["QuoteItem"] = { product: item.product, quantity: item.quantity };
  if (item.model?.trim()) out.model = item.model;
  if (item.note?.trim()) out.note = item.note;
  return out;
}

/** A whole quantity in range, typed with Latin or Arabic-Indic digits (٠-٩, ۰-۹). */
function validQuantity(typed: string): number | undefined {
  const text = toLatinNumber(typed).trim();
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= QUANTITY_MIN && n <= QUANTITY_MAX ? n : undefined;
}

interface RowProps {
  item: EnquiryItem;
  product: CatalogueProduct | undefined;
  texts: EnquiryTexts["list"];
  idPrefix: string;
  invalid: boolean;
  showInvalid: boolean;
  onQuantityValidity: (id: string, valid: boolean) => void;
  onRemove: (item: EnquiryItem, name: string) => void;
}

function ItemRow({ item, product, texts, idPrefix, invalid, showInvalid, onQuantityValidity, onRemove }: RowProps): React.ReactElement {
  const name = product?.name ?? item.name;
  const models = product?.models ?? [];
  const [quantity, setQuantity] = useState(String(item.quantity));
  const [touched, setTouched] = useState(false);
  const id = `${idPrefix}-${item.id}`;
  const change = (typed: string) => {
    setQuantity(typed);
    const n = validQuantity(typed);
    onQuantityValidity(item.id, n !== undefined);
    if (n !== undefined) updateItem(item.id, { quantity: n });
  };

  // Another tab (or the add buttons) changed the quantity: show it, unless the visitor is typing an invalid one here.
  useEffect(() => {
    if (!invalid) setQuantity(String(item.quantity));
  }, [item.quantity, invalid]);

  const markInvalid = invalid && (touched || showInvalid);
  return (
    <li className={styles.item} data-testid="enquiry-item" data-product={item.product}>
      <h3 className={styles.itemName} id={`${id}-name`}>
        <Link to={`/${item.product}`}>{name}</Link>
      </h3>
      <div className={styles.itemFields}>
        {models.length > 0 || item.model ? (
          <div className={formStyles.field}>
            <label htmlFor={`${id}-model`} className={formStyles.label}>
              {texts.model}
            </label>
            <select
              id={`${id}-model`}
              className={formStyles.control}
              value={item.model ?? ""}
              aria-describedby={`${id}-name`}
              onChange={(event) => updateItem(item.id, { model: event.target.value })}
            >
              <option value="">{texts.anyModel}</option>
              {(item.model && !models.includes(item.model) ? [...models, item.model] : models).map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className={formStyles.field}>
          <label htmlFor={`${id}-quantity`} className={formStyles.label}>
            {texts.quantity}
          </label>
          <input
            id={`${id}-quantity`}
            // Text with the digit keypad: a number input refuses Arabic-Indic digits typed on a keyboard.
            type="text"
            inputMode="numeric"
            autoComplete="off"
            required
            className={`${formStyles.control} ${styles.quantity} ${markInvalid ? formStyles.invalid : ""}`}
            value={quantity}
            aria-invalid={markInvalid || undefined}
            aria-describedby={`${id}-name`}
            onBlur={() => setTouched(true)}
            onChange={(event) => change(event.target.value)}
            onKeyDown={(event) => {
              // The arrows step the quantity, as a number field's do.
              const step = event.key === "ArrowUp" ? 1 : event.key === "ArrowDown" ? -1 : 0;
              const n = validQuantity(quantity);
              if (step === 0 || n === undefined) return;
              event.preventDefault();
              change(String(Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, n + step))));
            }}
          />
        </div>
        <div className={`${formStyles.field} ${styles.note}`}>
          <label htmlFor={`${id}-note`} className={formStyles.label}>
            {texts.note}
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={NOTE_MAX}
            className={formStyles.control}
            defaultValue={item.note ?? ""}
            aria-describedby={`${id}-name`}
            onChange={(event) => updateItem(item.id, { note: event.target.value })}
          />
        </div>
      </div>
      <button type="button" className={`btn btn-outline ${styles.remove}`} onClick={() => onRemove(item, name)}>
        {fill(texts.remove, { name })}
      </button>
    </li>
  );
}

/**
 * The enquiry list and its form: each item with its product's name and link,
 * an optional model, a quantity (1 or more) and an optional note, changed or
 * removed in place; then the contact fields of the contract's rules and one
 * send. An invalid send marks the fields and sends nothing; a success empties
 * the list; a failure keeps everything and shows the server's message.
 */
export function EnquiryView({ items, texts, products, categories }: Props): React.ReactElement {
  const byslug = useMemo(() => new Map(products.map((p) => [p.slug, p])), [products]);
  const [invalidQuantities, setInvalidQuantities] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const headingRef = useRef<HTMLHeadingElement>(null);

  const listed = useMemo(() => items.filter((item) => byslug.has(item.product)), [items, byslug]);
  // Items of products the catalogue no longer has are dropped from the stored list too: they can never be sent.
  useEffect(() => {
    if (listed.length !== items.length) dropUnlisted((product) => byslug.has(product));
  }, [listed, items, byslug]);
  const body = useMemo(() => ({ items: listed.map(quoteItemOf) }), [listed]);
  const extraValidity = useCallback(
    () => ({ items: listed.length > 0 && listed.every((item) => !invalidQuantities.has(item.id)) }),
    [listed, invalidQuantities],
  );

  const words = useFormWords("quote_request");
  const form = useRegisteredForm(contractRules, words, {
    initialValues: INITIAL,
    fixed: body,
    extraValidity,
    disableWhileInvalid: false,
    onSuccess: () => {
      clearItems();
      setInvalidQuantities(new Set());
      setAttempted(false);
    },
  });

  const onQuantityValidity = useCallback((id: string, valid: boolean) => {
    setInvalidQuantities((current) => {
      if (valid === !current.has(id)) return current;
      const next = new Set(current);
      if (valid) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const onRemove = useCallback(
    (item: EnquiryItem, name: string) => {
      removeItem(item.id);
      onQuantityValidity(item.id, true);
      setAnnouncement(fill(texts.list.removed, { name }));
      headingRef.current?.focus();
    },
    [onQuantityValidity, texts.list.removed],
  );

  const statusRef = useRef<HTMLDivElement>(null);
  const succeeded = form.status?.kind === "success";
  useEffect(() => {
    // The form is gone with the list: the success message takes the focus.
    if (succeeded) statusRef.current?.focus();
  }, [succeeded]);

  const empty = listed.length === 0;
  return (
    <div className={styles.view}>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      {empty ? (
        <EmptyEnquiry texts={texts.empty} categories={categories} />
      ) : (
        <form
          {...form.formProps}
          className={`${formStyles.form} ${styles.form}`}
          onSubmit={(event) => {
            setAttempted(true);
            form.formProps.onSubmit(event);
          }}
        >
          <section aria-labelledby="enquiry-items">
            <div className={styles.listHead}>
              <h2 id="enquiry-items" ref={headingRef} tabIndex={-1}>
                {texts.list.heading} <span className={styles.count}>({listed.length})</span>
              </h2>
              <button
                type="button"
                className={`btn btn-outline ${styles.clear}`}
                onClick={() => {
                  clearItems();
                  setInvalidQuantities(new Set());
                  setAnnouncement(texts.list.cleared);
                }}
              >
                {texts.list.clear}
              </button>
            </div>
            <ul className={styles.items}>
              {listed.map((item) => (
                <ItemRow
                  key={item.id}
                  item={item}
                  product={byslug.get(item.product)}
                  texts={texts.list}
                  idPrefix={form.id}
                  invalid={invalidQuantities.has(item.id)}
                  showInvalid={attempted}
                  onQuantityValidity={onQuantityValidity}
                  onRemove={onRemove}
                />
              ))}
            </ul>
          </section>

          <section aria-labelledby="enquiry-contact" className={styles.contact}>
            <h2 id="enquiry-contact">{texts.form.heading}</h2>
            <p>{texts.form.text}</p>
            <RequiredNote text={words.common.requiredNote} />
            <div className={formStyles.grid}>
              <RegisteredFields form={form} words={words} layout={LAYOUT} />
            </div>
          </section>
          <SpamTrap idPrefix={form.id} words={words} />
          <div className={formStyles.actions}>
            <button type="submit" className="btn btn-dark" disabled={form.buttonDisabled} aria-busy={form.submitting || undefined}>
              {words.submit}
            </button>
          </div>
        </form>
      )}
      <div ref={statusRef} tabIndex={-1} className={styles.statusWrap} data-testid="enquiry-status">
        <FormStatus status={form.status} />
      </div>
    </div>
  );
}

export default EnquiryView;
