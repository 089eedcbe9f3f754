import fs from "fs";
import yaml from "js-yaml";

/**
 * The contract's own words for its patterns: every schema of openapi.yaml
 * that has a `pattern` says what it means in `x-pattern-message`. The error
 * answer uses those words ("phoneNumber must be exactly 10 digits") rather
 * than repeating the regular expression.
 */
export function readPatternMessages(specFile: string): Map<string, string> {
  const messages = new Map<string, string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === "string" && typeof record["x-pattern-message"] === "string") {
      messages.set(record.pattern, record["x-pattern-message"]);
    }
    Object.values(record).forEach(visit);
  };
  visit(yaml.load(fs.readFileSync(specFile, "utf8")));
  return messages;
}
