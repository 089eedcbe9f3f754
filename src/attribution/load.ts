/**
 * How a form gets its attribution (src/attribution/attribution.ts) without
 * putting it in any page's first load: the module is fetched when the visitor
 * first focuses a form (beside the API client), or at the latest when the
 * form is sent. A module that cannot be fetched (offline) never holds the lead
 * back: the form is sent without attribution.
 */
import type { SchemaRule } from "../forms/validation";
import type { Attribution } from "./attribution";

const load = () => import("./attribution");

/** Starts fetching the module, without waiting (a form's focus). */
export function preloadAttribution(): void {
  load().catch(() => undefined);
}

/** The attribution of a form sent now, with `rule` its rules' `schema.properties.attribution`; undefined when there is none or no module. */
export async function attributionFor(rule: SchemaRule | undefined): Promise<Attribution | undefined> {
  if (!rule) return undefined;
  try {
    return (await load()).readAttribution(rule);
  } catch {
    return undefined;
  }
}
