/**
 * axe-core over a page of the built site, for the browser tests:
 *
 *     expect(await axeViolations(page), "home page").toEqual([]);
 *     expect(await axeViolations(page, { include: "dialog#x" }), "dialog x open").toEqual([]);
 *
 * Every rule runs unless `tags` narrows them. A page with one frame is
 * analysed inside that frame (AxeBuilder's legacy mode): the default mode
 * merges the results of every frame in a blank page it opens for each
 * analysis (a new page per call), for the same results where there is no
 * other frame. A page with frames (the contact page's map) gets the default
 * mode, which reaches into them.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export interface AxeScope {
  /** CSS selector of the part to analyse (the whole document by default). */
  include?: string;
  /** Only the rules with these tags (all rules by default). */
  tags?: string[];
}

/** The violations found, one readable line each: "rule (impact): target, target". */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  // Only the violations are read: axe then keeps one node per passed or incomplete rule, not all of them
  // (axe's resultTypes option), which spares it much of its work on a whole page.
  const builder = new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).options({ resultTypes: ["violations"] });
  if (scope.include) builder.include(scope.include);
  if (scope.tags) builder.withTags(scope.tags);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
