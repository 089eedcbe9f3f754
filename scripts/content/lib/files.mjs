/**
 * The data files as content:check reads them: every data/<name>.json and
 * data/<folder>/<name>.json (data/media/ holds the company's media, not data),
 * each with its text and, when it is valid JSON, its data; and the line of a
 * JSON pointer in a file's text (jsonc-parser's syntax tree).
 */
import fs from "node:fs";
import path from "node:path";
import { findNodeAtLocation, parse, parseTree, printParseErrorCode } from "jsonc-parser";
import { segments } from "./schemas.mjs";

/** The editor's layout of a data file (Decap CMS writes JSON this way). */
export const layout = (data) => `${JSON.stringify(data, null, 2)}\n`;

/** Repository-relative paths of every data file under root, sorted. */
export function listDataFiles(root) {
  const dataDir = path.join(root, "data");
  const files = [];
  for (const entry of fs.readdirSync(dataDir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith(".json")) files.push(`data/${entry.name}`);
    else if (entry.isDirectory() && entry.name !== "media") {
      for (const sub of fs.readdirSync(path.join(dataDir, entry.name), { withFileTypes: true })) {
        if (sub.isFile() && sub.name.endsWith(".json")) files.push(`data/${entry.name}/${sub.name}`);
      }
    }
  }
  return files.sort();
}

/** The 1-based line of a character offset. */
export function lineAt(text, offset) {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

const SYNTAX_WORDS = {
  InvalidSymbol: "a character JSON does not allow",
  InvalidNumberFormat: "a number JSON cannot read",
  PropertyNameExpected: "a field name in double quotes was expected (a comma too many?)",
  ValueExpected: "a value was expected (a comma too many, or a value missing?)",
  ColonExpected: "a colon (:) was expected after the field name",
  CommaExpected: "a comma was expected (between two fields or two items)",
  CloseBraceExpected: "a closing } was expected",
  CloseBracketExpected: "a closing ] was expected",
  EndOfFileExpected: "the file should end here (something after the last closing brace?)",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "comments are not allowed in JSON",
  UnexpectedEndOfString: "a text is not closed (a missing double quote?)",
  UnexpectedEndOfNumber: "a number is cut short",
  InvalidUnicode: "a broken \\u escape in a text",
  InvalidEscapeCharacter: "a backslash (\\) in a text that JSON does not allow (write \\\\)",
  InvalidCharacter: "a character JSON does not allow in a text (a line break or tab inside quotes?)",
};

/** The first JSON syntax error of a text, as { line, message }, or null when JSON.parse reads it. */
export function syntaxError(text) {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const errors = [];
    parse(text, errors, { allowTrailingComma: false, disallowComments: true });
    if (errors.length > 0) {
      const [first] = errors;
      const code = printParseErrorCode(first.error);
      return { line: lineAt(text, first.offset), message: `the JSON is broken: ${SYNTAX_WORDS[code] ?? code}` };
    }
    const at = /line (\d+)/.exec(error.message);
    return { line: at ? Number(at[1]) : 1, message: `the JSON is broken: ${error.message}` };
  }
}

/**
 * Reads every data file: `files` maps the path of each readable one to
 * { data, text }; `broken` lists those that are not valid JSON.
 */
export function readDataFiles(root) {
  const files = new Map();
  const broken = [];
  for (const file of listDataFiles(root)) {
    const text = fs.readFileSync(path.join(root, file), "utf8");
    const error = syntaxError(text);
    if (error) broken.push({ file, pointer: "", ...error });
    else files.set(file, { data: JSON.parse(text), text });
  }
  return { files, broken };
}

const trees = new WeakMap();

/** The line a JSON pointer names in a file's text; where the pointer names nothing (a missing field), the line of its nearest existing parent. */
export function lineOf(entry, pointer) {
  let tree = trees.get(entry);
  if (!tree) {
    tree = parseTree(entry.text);
    trees.set(entry, tree);
  }
  if (!tree) return 1;
  const path = segments(pointer, entry.data);
  while (path.length > 0) {
    const node = findNodeAtLocation(tree, path);
    if (node) return lineAt(entry.text, node.parent?.type === "property" ? node.parent.offset : node.offset);
    path.pop();
  }
  return lineAt(entry.text, tree.offset);
}

/** The first line where a text differs from the editor's layout of its data. */
export function firstLayoutDifference(text, data) {
  const want = layout(data).split("\n");
  const have = text.split("\n");
  for (let i = 0; i < Math.max(want.length, have.length); i++) if (want[i] !== have[i]) return Math.min(i + 1, have.length);
  return 1;
}
