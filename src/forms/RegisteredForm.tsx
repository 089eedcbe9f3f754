import React from "react";
import { CheckboxField } from "./CheckboxField";
import { ChoiceGroup } from "./ChoiceGroup";
import type { AnyForm } from "./field-parts";
import { FileField } from "./FileField";
import { RequiredNote } from "./FormStatus";
import { SelectField } from "./SelectField";
import { SpamTrap } from "./spam/SpamTrap";
import { ModalFormStatus } from "./SuccessToast";
import { TextField } from "./TextField";
import type { ContractForm, FormValues } from "./useContractForm";
import type { FormWords } from "./useFormWords";
import { choicesOf, type SchemaRule } from "./validation";
import * as styles from "./Form.module.css";

/*
 * The markup every form of the registry shares (its state and call are
 * useRegisteredForm's): each field of its data file that the visitor fills, in
 * the data file's order, drawn from the contract's rule for it (a file, a list
 * of choices, a choice, a number, an e-mail address, a URL, text).
 */

/** How one field is shown beyond what its rule and its words say. */
export interface FieldLayout {
  /** The input's type when it is not the one the field's rule gives. */
  type?: "text";
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  maxLength?: number;
  /** A textarea of this many rows. */
  rows?: number;
  /** Spans the whole grid. */
  wide?: boolean;
  /** A choice shown as radio buttons rather than a list. */
  radio?: boolean;
  markRequired?: boolean;
  /** Shows the chosen file's name under a file input. */
  showChosen?: boolean;
}

/**
 * The ten-digit phone number of the contact, demo and enquiry forms: the
 * browser fills in the number without its country code (tel-national), a token
 * HTML allows on text inputs only (type="tel" takes "tel", the whole number,
 * which would not fit), with the digit keypad of inputMode.
 */
export const NATIONAL_PHONE: FieldLayout = { type: "text", autoComplete: "tel-national", inputMode: "numeric", maxLength: 10 };

/** The autocomplete token of the fields that have one. */
const AUTOCOMPLETE: Record<string, string> = {
  firstName: "given-name",
  lastName: "family-name",
  fullName: "name",
  email: "email",
  phoneNumber: "tel",
  companyName: "organization",
  jobRole: "organization-title",
  countryName: "country-name",
  linkedIn: "url",
};

/**
 * A number is a text input with the digit keypad (inputMode), never
 * type="number": that refuses the Arabic-Indic digits an Arabic keyboard types,
 * which the form reads as Latin digits before validating (validation.ts buildBody).
 */
function inputType(name: string, rule: SchemaRule): "text" | "email" | "tel" | "url" {
  if (rule.type === "number" || rule.type === "integer") return "text";
  if (rule.format === "email") return "email";
  if (rule.format === "uri") return "url";
  return name === "phoneNumber" ? "tel" : "text";
}

interface FieldProps {
  form: AnyForm;
  words: FormWords;
  name: string;
  layout: FieldLayout;
}

/** One field, drawn from its contract rule (a field that is no part of the contract is a checkbox the form itself requires). */
function Field({ form, words, name, layout }: FieldProps): React.ReactElement {
  const rule = form.rules.schema.properties[name];
  const word = words.field[name];
  const base = { form, name, label: word.label, hint: word.hint ?? undefined, markRequired: layout.markRequired, className: layout.wide ? styles.wide : undefined };
  if (rule === undefined) return <CheckboxField {...base} required />;
  if (rule.format === "binary") return <FileField {...base} chosenLabel={layout.showChosen ? words.common.chosenFile : undefined} />;
  const choices = choicesOf(form.rules, name).map((value) => ({ value, label: word.options?.find((option) => option.value === value)?.label ?? value }));
  if (rule.type === "array") return <ChoiceGroup {...base} kind="checkbox" choices={choices} />;
  if (rule.enum) {
    if (layout.radio) return <ChoiceGroup {...base} kind="radio" choices={choices} />;
    return <SelectField {...base} choices={choices} placeholder={word.placeholder ?? undefined} />;
  }
  const number = rule.type === "number" || rule.type === "integer";
  return (
    <TextField
      {...base}
      type={layout.type ?? inputType(name, rule)}
      autoComplete={layout.autoComplete ?? AUTOCOMPLETE[name]}
      inputMode={layout.inputMode ?? (number ? (rule.type === "integer" ? "numeric" : "decimal") : undefined)}
      maxLength={layout.maxLength}
      rows={layout.rows}
    />
  );
}

interface RegisteredFormViewProps<V extends FormValues> {
  form: ContractForm<V>;
  words: FormWords;
  layout?: Record<string, FieldLayout>;
  /** "Fields marked * are required." and the two-column grid (a one-field form has neither). */
  grid?: boolean;
  /** The form is in a modal that closes on success: the success message shows outside it. */
  inModal?: boolean;
  /** More data-* attributes of the form element. */
  attributes?: Record<`data-${string}`, string>;
}

interface RegisteredFieldsProps<V extends FormValues> {
  form: ContractForm<V>;
  words: FormWords;
  layout?: Record<string, FieldLayout>;
}

/** The fields of a form that the visitor fills (those of its values), in its data file's order. */
export function RegisteredFields<V extends FormValues>({ form, words, layout = {} }: RegisteredFieldsProps<V>): React.ReactElement {
  const f = form as unknown as AnyForm;
  return (
    <>
      {words.fieldWords
        .filter((field) => field.name in form.values)
        .map((field) => (
          <Field key={field.name} form={f} words={words} name={field.name} layout={layout[field.name] ?? {}} />
        ))}
    </>
  );
}

/** A form of the registry: its fields, its spam trap, its button (its data file's words), its messages. */
export function RegisteredFormView<V extends FormValues>({ form, words, layout = {}, grid = true, inModal = false, attributes }: RegisteredFormViewProps<V>): React.ReactElement {
  const fields = <RegisteredFields form={form} words={words} layout={layout} />;
  return (
    <form {...form.formProps} className={styles.form} {...attributes}>
      {grid && <RequiredNote text={words.common.requiredNote} />}
      {grid ? <div className={styles.grid}>{fields}</div> : fields}
      <SpamTrap idPrefix={form.id} words={words} />
      <div className={styles.actions}>
        <button type="submit" className="btn btn-dark" disabled={form.buttonDisabled} aria-busy={form.submitting || undefined}>
          {form.submitting && words.submitting ? words.submitting : words.submit}
        </button>
      </div>
      <ModalFormStatus status={form.status} clearStatus={form.clearStatus} inModal={inModal} dismissLabel={words.common.dismiss} />
    </form>
  );
}
