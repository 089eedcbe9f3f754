/**
 * Dates (fields the schemas mark "x-widget": "date", written YYYY-MM-DD) are
 * days of the calendar, and a job opening does not close before it was
 * published (job search engines drop such a posting).
 */
import { annotated, fieldName, kindOf, loadSchemas } from "../lib/schemas.mjs";

const isDay = (value) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

export default function check({ files }) {
  const schemas = loadSchemas();
  const problems = [];
  for (const [file, { data }] of files) {
    const schema = schemas.get(kindOf(file));
    if (!schema) continue;
    for (const { pointer, value, schema: field } of annotated(schema, data, "x-widget")) {
      if (field["x-widget"] !== "date" || typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value) || isDay(value)) continue;
      problems.push({ file, pointer, message: `\`${fieldName(pointer, data)}\` is ${value}, which is not a day of the calendar` });
    }
  }
  const roles = files.get("data/careers.json")?.data?.openings?.roles;
  if (Array.isArray(roles)) {
    roles.forEach((role, i) => {
      const { datePosted, validThrough } = role ?? {};
      if (typeof datePosted === "string" && typeof validThrough === "string" && isDay(datePosted) && isDay(validThrough) && validThrough < datePosted) {
        problems.push({ file: "data/careers.json", pointer: `/openings/roles/${i}/validThrough`, message: `\`openings.roles[${i}].validThrough\` (${validThrough}) is before \`datePosted\` (${datePosted}): applications would close before the opening is published` });
      }
    });
  }
  return problems;
}
