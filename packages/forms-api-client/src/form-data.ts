/**
 * The multipart encoding of a form body, as the contract describes it. It
 * imports none of the generated types, so any code that posts these forms can
 * share it.
 */

/** The name a file part gets when a Blob carries none, from the documents the API accepts. */
const EXTENSIONS: Record<string, string> = {
  "application/pdf": ".pdf",
  "application/msword": ".doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
};

function fileNameOf(field: string, blob: Blob): string {
  const name = (blob as Partial<File>).name;
  if (typeof name === "string" && name !== "") return name;
  return field + (EXTENSIONS[blob.type.split(";")[0].trim().toLowerCase()] ?? "");
}

/** An object written as `{ ... }` (not a Blob, an array, a Date or any other class's instance). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * A body as multipart form data, the way the contract reads it: a Blob or File
 * is a file part (a Blob without a name is named after its field and type,
 * e.g. `resume.pdf`; the server checks that the name's extension agrees with
 * the content), an array or a plain object (the attribution) is JSON-encoded
 * (one part, as the contract's `application/json` encoding of that field
 * says), a number or boolean is sent as text; absent values and empty text are
 * left out (an empty field counts as absent).
 * Pass the FormData as the body and never set Content-Type yourself: fetch
 * sets it with the boundary.
 */
export function toFormData(body: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) {
    if (value === undefined || value === null || value === "") continue;
    if (value instanceof Blob) form.append(name, value, fileNameOf(name, value));
    else if (Array.isArray(value) || isPlainObject(value)) form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}
