/**
 * The content editor's own widgets and previews, registered with Decap CMS
 * (window.CMS of its prebuilt bundle, with its own React: `h` and
 * `createClass` are the bundle's). Bundled by scripts/cms/write-admin.mjs
 * with the validators it compiles from the content schemas ("cms-validators":
 * id -> { validate, title, description }), into public/admin/cms-widgets.js.
 *
 * Values of several shapes that Decap's own widgets would change or could
 * not edit:
 * - `spec-cell`: a specification table's cell: empty (null), a number, a
 *   range [min, max], a figure with its unit { v, u, alt?, pre?, or? }, or
 *   text;
 * - `spec-row`: a table row: its cells, or a line of text ({ gap }) for
 *   models the specification names without figures;
 * - `content-json`: any other value, as JSON text.
 * Each keeps the value it was given as it is until the editor changes it
 * (opening and saving an entry changes nothing), and refuses, at saving,
 * what the schema refuses (isValid, with the schema's validator).
 *
 * The data files are written by formats of their own (json-products,
 * json-pages...): JSON with two spaces and a final newline, keys in their
 * schema's order, since Decap's maps lose the order of objects with more than
 * eight keys.
 *
 * With a site preview (index.html's meta "cms-preview-origin", `npm run cms`),
 * each entry's preview is its page on the development site, updated when the
 * entry is saved.
 */
/* global window, document */
import validators from "cms-validators";
import schemas from "cms-schemas";
import { dataFileText, schemaOfData, schemaOfOverlay } from "./key-order.js";

const CMS = window.CMS;
const h = window.h;
const createClass = window.createClass;

/** A plain value from what Decap gives a widget (Immutable collections for objects and arrays). */
function plain(value) {
  return value && typeof value.toJS === "function" ? value.toJS() : value;
}

/** The validator of a field (its `validator` id), or undefined. */
function validatorOf(field) {
  const id = field && field.get ? field.get("validator") : undefined;
  return id ? validators[id] : undefined;
}

/** Plain words for a value the schema refuses. */
function refusal(check, value) {
  const errors = check.validate.errors || [];
  const detail = errors
    .filter((error) => error.keyword !== "anyOf" && error.keyword !== "oneOf")
    .slice(0, 3)
    .map((error) => `${error.instancePath || "value"} ${error.message}`)
    .join("; ");
  const what = check.description ? ` Expected: ${check.description}` : "";
  return `${JSON.stringify(value)} is not a valid ${String(check.title || "value").toLowerCase()}.${what}${detail ? ` (${detail})` : ""}`;
}

/** isValid of Decap's custom widgets: true, or { error: { message } }. */
function validity(field, value, localError) {
  if (localError) return { error: { message: localError } };
  const check = validatorOf(field);
  if (!check) return true;
  if (value === undefined) return true;
  return check.validate(value) ? true : { error: { message: refusal(check, value) } };
}

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const RANGE = /^\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))\s*(?:–|—|\.\.|to|-)\s*([-+]?(?:\d+(?:\.\d*)?|\.\d+))\s*$/;

/** "700" -> 700, "5 – 8" -> [5, 8]; undefined when neither. */
function parseQuantity(text) {
  if (NUMBER.test(text)) return Number(text);
  const range = RANGE.exec(text);
  return range ? [Number(range[1]), Number(range[2])] : undefined;
}

function quantityText(value) {
  if (Array.isArray(value)) return `${value[0]} – ${value[1]}`;
  return value === undefined || value === null ? "" : String(value);
}

function kindOf(value) {
  if (value === null || value === undefined) return "empty";
  if (typeof value === "number") return "number";
  if (Array.isArray(value)) return "range";
  if (typeof value === "object") return "measure";
  return "text";
}

const KINDS = [
  ["empty", "No figure"],
  ["number", "Number"],
  ["range", "Range (from – to)"],
  ["measure", "Figure with its unit"],
  ["text", "Text"],
];

const box = { display: "flex", flexWrap: "wrap", gap: "6px", alignItems: "center" };
const input = { padding: "6px 8px", border: "1px solid #dfdfe3", borderRadius: "4px", font: "inherit", minWidth: "0" };

/** The texts shown in a cell's inputs, from its value. */
function draftsOf(value) {
  const kind = kindOf(value);
  if (kind === "number") return { kind, number: String(value) };
  if (kind === "range") return { kind, from: String(value[0]), to: String(value[1]) };
  if (kind === "measure") return { kind, v: quantityText(value.v), u: value.u ?? "", alt: quantityText(value.alt), pre: value.pre ?? "", or: value.or === true };
  if (kind === "text") return { kind, text: value };
  return { kind };
}

/**
 * The value of a cell from its inputs, keeping the keys of `previous` it does
 * not edit (and their order); { error } when an input is not a figure.
 */
function cellFrom(drafts, previous) {
  switch (drafts.kind) {
    case "empty":
      return { value: null };
    case "number":
      return NUMBER.test(drafts.number ?? "") ? { value: Number(drafts.number) } : { error: `"${drafts.number ?? ""}" is not a number.` };
    case "range": {
      if (!NUMBER.test(drafts.from ?? "") || !NUMBER.test(drafts.to ?? "")) return { error: "A range needs two numbers: from and to." };
      return { value: [Number(drafts.from), Number(drafts.to)] };
    }
    case "measure": {
      const v = parseQuantity(drafts.v ?? "");
      if (v === undefined) return { error: `The figure "${drafts.v ?? ""}" is not a number or a range (5 – 8).` };
      if (!(drafts.u ?? "").trim()) return { error: "A figure with its unit needs the unit." };
      const alt = (drafts.alt ?? "").trim() === "" ? undefined : parseQuantity(drafts.alt);
      if ((drafts.alt ?? "").trim() !== "" && alt === undefined) return { error: `The figure in the other system "${drafts.alt}" is not a number or a range.` };
      const base = previous && typeof previous === "object" && !Array.isArray(previous) ? previous : {};
      const next = { ...base, v, u: drafts.u };
      if (alt === undefined) delete next.alt;
      else next.alt = alt;
      if ((drafts.pre ?? "") === "") delete next.pre;
      else next.pre = drafts.pre;
      if (drafts.or) next.or = true;
      else delete next.or;
      // Keys in the usual order: v, u, alt, pre, or, then any other the value had.
      const ordered = {};
      for (const key of ["v", "u", "alt", "pre", "or", ...Object.keys(next)]) if (key in next && !(key in ordered)) ordered[key] = next[key];
      return { value: ordered };
    }
    default:
      return { value: drafts.text ?? "" };
  }
}

/** The inputs of one cell; `onValue(value)` with a new value, `onError(message|null)`. */
const CellEditor = createClass({
  getInitialState() {
    return { drafts: draftsOf(plain(this.props.value)), error: null };
  },
  componentDidUpdate(previous) {
    // A value changed from outside (a row reordered, an entry loaded): the inputs follow it. Compared as JSON: a
    // row gives its cells as new objects at each render, and a cell being typed (even a wrong figure) stays as typed.
    const before = JSON.stringify(plain(previous.value));
    const now = JSON.stringify(plain(this.props.value));
    if (before !== now && now !== JSON.stringify(cellFrom(this.state.drafts, plain(previous.value)).value)) {
      this.setState({ drafts: draftsOf(plain(this.props.value)), error: null });
    }
  },
  edit(changes) {
    const drafts = { ...this.state.drafts, ...changes };
    const result = cellFrom(drafts, plain(this.props.value));
    this.setState({ drafts, error: result.error ?? null });
    if (this.props.onError) this.props.onError(result.error ?? null);
    if (!result.error) this.props.onValue(result.value);
  },
  render() {
    const { drafts, error } = this.state;
    const id = this.props.id;
    const text = (key, label, width, extra) =>
      h("input", {
        type: "text",
        "aria-label": label,
        placeholder: label,
        value: drafts[key] ?? "",
        style: { ...input, width },
        onChange: (event) => this.edit({ [key]: event.target.value }),
        ...extra,
      });
    const parts = [
      h(
        "select",
        {
          id,
          "aria-label": "Kind of cell",
          value: drafts.kind,
          style: input,
          onChange: (event) => {
            const kind = event.target.value;
            // Carry the figure over where it fits.
            const current = cellFrom(drafts, plain(this.props.value)).value;
            const seed = kind === "measure" && (typeof current === "number" || Array.isArray(current)) ? { v: quantityText(current), u: "", alt: "", pre: "", or: false } : {};
            this.edit({ kind, ...seed });
          },
        },
        KINDS.map(([value, label]) => h("option", { key: value, value }, label)),
      ),
    ];
    if (drafts.kind === "number") parts.push(text("number", "Number", "7em", { inputMode: "decimal" }));
    if (drafts.kind === "range") parts.push(text("from", "From", "6em", { inputMode: "decimal" }), h("span", { key: "dash" }, "–"), text("to", "To", "6em", { inputMode: "decimal" }));
    if (drafts.kind === "measure") {
      parts.push(
        text("pre", "Before (max, up to, ±)", "9em"),
        text("v", "Figure (5 or 5 – 8)", "9em"),
        text("u", "Unit", "5em"),
        text("alt", "Other system's figure", "10em"),
        h("label", { key: "or", style: { display: "inline-flex", gap: "4px", alignItems: "center" } }, [
          h("input", { key: "box", type: "checkbox", checked: Boolean(drafts.or), onChange: (event) => this.edit({ or: event.target.checked }) }),
          "two alternatives, not a range",
        ]),
      );
    }
    if (drafts.kind === "text") parts.push(text("text", "Text", "18em"));
    return h("div", { className: this.props.className, style: { display: "block" } }, [
      h("div", { key: "inputs", style: box }, parts.map((part, index) => (part && part.key == null ? { ...part, key: `p${index}` } : part))),
      error ? h("p", { key: "error", role: "alert", style: { color: "#c00", margin: "4px 0 0" } }, error) : null,
    ]);
  },
});

function cellText(value) {
  const cell = plain(value);
  switch (kindOf(cell)) {
    case "empty":
      return "—";
    case "range":
      return `${cell[0]} – ${cell[1]}`;
    case "measure":
      return `${cell.pre ? `${cell.pre} ` : ""}${quantityText(cell.v)}${cell.or ? " (or)" : ""} ${cell.u}${cell.alt !== undefined ? ` (${quantityText(cell.alt)})` : ""}`;
    default:
      return String(cell);
  }
}

/** A specification cell (x-widget "spec-cell"). */
const SpecCellControl = createClass({
  getInitialState() {
    return { error: null };
  },
  isValid() {
    return validity(this.props.field, plain(this.props.value), this.state.error);
  },
  render() {
    return h(CellEditor, {
      id: this.props.forID,
      className: this.props.classNameWrapper,
      value: this.props.value,
      onValue: (value) => this.props.onChange(value),
      onError: (error) => this.setState({ error }),
    });
  },
});

const SpecCellPreview = (props) => h("span", null, cellText(props.value));

/** A table row: its cells one after the other, or a line of text for models without figures. */
const SpecRowControl = createClass({
  getInitialState() {
    return { errors: {} };
  },
  isValid() {
    const first = Object.values(this.state.errors).find(Boolean);
    return validity(this.props.field, plain(this.props.value), first ?? null);
  },
  cells() {
    const row = plain(this.props.value);
    return Array.isArray(row) ? row : [];
  },
  render() {
    const row = plain(this.props.value);
    const isGap = row !== null && typeof row === "object" && !Array.isArray(row);
    const mode = h(
      "select",
      {
        key: "mode",
        id: this.props.forID,
        "aria-label": "Kind of row",
        value: isGap ? "gap" : "cells",
        style: input,
        onChange: (event) => {
          if (event.target.value === "gap") this.props.onChange({ gap: "" });
          else this.props.onChange([]);
          this.setState({ errors: {} });
        },
      },
      [h("option", { key: "cells", value: "cells" }, "Cells, one per column"), h("option", { key: "gap", value: "gap" }, "A line of text (models without figures)")],
    );
    if (isGap) {
      return h("div", { className: this.props.classNameWrapper }, [
        mode,
        h("input", {
          key: "gap",
          type: "text",
          "aria-label": "Text of the row",
          value: row.gap ?? "",
          style: { ...input, width: "100%", marginTop: "6px" },
          onChange: (event) => this.props.onChange({ ...row, gap: event.target.value }),
        }),
      ]);
    }
    const cells = this.cells();
    const setCell = (index, value) => {
      const next = cells.slice();
      next[index] = value;
      this.props.onChange(next);
    };
    return h("div", { className: this.props.classNameWrapper }, [
      mode,
      h(
        "ol",
        { key: "cells", style: { listStyle: "none", padding: 0, margin: "6px 0" } },
        cells.map((cell, index) =>
          h("li", { key: index, style: { display: "flex", gap: "6px", alignItems: "flex-start", marginBottom: "6px" } }, [
            h("span", { key: "n", style: { minWidth: "5.5em", paddingTop: "6px", color: "#798291" } }, `Column ${index + 1}`),
            h(CellEditor, {
              key: "cell",
              value: cell,
              onValue: (value) => setCell(index, value),
              onError: (error) => this.setState((state) => ({ errors: { ...state.errors, [index]: error } })),
            }),
          ]),
        ),
      ),
      h("div", { key: "buttons", style: box }, [
        h("button", { key: "add", type: "button", onClick: () => this.props.onChange([...cells, null]) }, "Add a cell"),
        cells.length > 0
          ? h(
              "button",
              {
                key: "remove",
                type: "button",
                onClick: () => {
                  this.setState((state) => ({ errors: { ...state.errors, [cells.length - 1]: null } }));
                  this.props.onChange(cells.slice(0, -1));
                },
              },
              "Remove the last cell",
            )
          : null,
      ]),
    ]);
  },
});

const SpecRowPreview = (props) => {
  const row = plain(props.value);
  if (row && !Array.isArray(row) && typeof row === "object") return h("p", null, row.gap);
  return h("p", null, (Array.isArray(row) ? row : []).map(cellText).join(" | "));
};

/** Any other value, as JSON text, checked against its schema. */
const JsonControl = createClass({
  getInitialState() {
    const value = plain(this.props.value);
    return { text: value === undefined ? "" : JSON.stringify(value, null, 2), error: null };
  },
  isValid() {
    return validity(this.props.field, plain(this.props.value), this.state.error);
  },
  render() {
    return h("textarea", {
      id: this.props.forID,
      className: this.props.classNameWrapper,
      value: this.state.text,
      rows: Math.min(20, Math.max(3, this.state.text.split("\n").length)),
      style: { fontFamily: "monospace" },
      onFocus: this.props.setActiveStyle,
      onBlur: this.props.setInactiveStyle,
      onChange: (event) => {
        const text = event.target.value;
        try {
          const value = JSON.parse(text);
          this.setState({ text, error: null });
          this.props.onChange(value);
        } catch {
          this.setState({ text, error: "Not valid JSON: check the quotes, commas and brackets." });
        }
      },
    });
  },
});

const JsonPreview = (props) => h("pre", null, JSON.stringify(plain(props.value), null, 2));

// The data files' format: JSON in the editor's layout, keys in the schema's order (./key-order.js).
// An English folder's format marks each entry that has its address (schemas.identifiers) with a field of its
// own (schemas.englishMark), which the collection's filter keeps and the format drops when it writes: the
// Arabic files of the same folder (*.ar.json, without an address) stay out of the English collection.
const MARK = schemas.englishMark;
const withoutMark = (data) => {
  if (!data || typeof data !== "object" || !(MARK in data)) return data;
  const copy = { ...data };
  delete copy[MARK];
  return copy;
};
for (const [name, schema] of Object.entries(schemas.folders)) {
  const identifier = schemas.identifiers[name];
  CMS.registerCustomFormat(name, "json", {
    fromFile: (text) => {
      const data = JSON.parse(text);
      return data && typeof data === "object" && identifier in data ? { ...data, [MARK]: true } : data;
    },
    toFile: (data) => dataFileText(withoutMark(data), schema),
  });
}
for (const [name, schema] of Object.entries(schemas.foldersAr)) {
  CMS.registerCustomFormat(name, "json", { fromFile: (text) => JSON.parse(text), toFile: (data) => dataFileText(data, schema) });
}
CMS.registerCustomFormat(schemas.pagesFormat, "json", { fromFile: (text) => JSON.parse(text), toFile: (data) => dataFileText(data, schemaOfData(data, schemas.pages)) });
CMS.registerCustomFormat(schemas.pagesArFormat, "json", { fromFile: (text) => JSON.parse(text), toFile: (data) => dataFileText(data, schemaOfOverlay(data, schemas.pagesAr)) });

// Text fields take the direction of what is typed in them: Arabic right to left, English left to right.
const direction = document.createElement("style");
direction.textContent = "input, textarea { unicode-bidi: plaintext; }";
document.head.appendChild(direction);

CMS.registerWidget("spec-cell", SpecCellControl, SpecCellPreview);
CMS.registerWidget("spec-row", SpecRowControl, SpecRowPreview);
CMS.registerWidget("content-json", JsonControl, JsonPreview);

// The site preview: the entry's page on the development site (npm run cms).
const previewMeta = document.querySelector('meta[name="cms-preview-origin"]');
const pagesMeta = document.querySelector('meta[name="cms-preview-pages"]');
if (previewMeta && pagesMeta) {
  const origin = previewMeta.getAttribute("content");
  /** collection (or file) name -> page path, "{{field}}" replaced from the entry. */
  const pages = JSON.parse(pagesMeta.getAttribute("content"));
  const SitePreview = createClass({
    render() {
      const data = this.props.entry.get("data");
      const template = pages[this.props.entry.get("slug")] ?? pages[this.props.entry.get("collection")] ?? "/";
      // An Arabic entry has no address of its own: its file's name (torque-pump.ar) gives it.
      const fromSlug = (key) => (key === "slug" ? String(this.props.entry.get("slug") ?? "").replace(/\.ar$/, "") : "");
      const page = template.replace(/\{\{(\w+)\}\}/g, (_, key) => encodeURIComponent(String((data && data.get(key)) ?? fromSlug(key))));
      return h("div", { style: { height: "100%", display: "flex", flexDirection: "column", fontFamily: "sans-serif" } }, [
        h(
          "p",
          { key: "note", style: { margin: 0, padding: "8px 12px", background: "#fff8e1", fontSize: "14px" } },
          `The page ${page} as saved in the working copy: save (Publish) to see your changes here; nothing reaches the live site before it is committed and released.`,
        ),
        h("iframe", { key: "page", title: `Site preview of ${page}`, src: `${origin}${page}`, style: { flex: 1, width: "100%", minHeight: "80vh", border: 0 } }),
      ]);
    },
  });
  for (const name of Object.keys(pages)) CMS.registerPreviewTemplate(name, SitePreview);
}
