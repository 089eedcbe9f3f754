/**
 * axe-core over a page of the built site, for the browser tests:
 *
 *     expect(await axeViolations(page), "home page").toEqual([]);
 *     expect(await axeViolations(page, { include: "dialog#x" }), "dialog x open").toEqual([]);
 *
 * Every rule runs unless `tags` narrows them. On a page with one frame,
 * axe-core is put into the page once and run there directly for each check
 * (a page checked with each of its dialogs open is checked many times):
 * AxeBuilder puts axe's 500 KB of source into the page again at every
 * analysis, which takes longer than checking one dialog does. A page with
 * frames (the contact page's map) gets AxeBuilder's default mode, which
 * reaches into them and merges their results.
 *
 * Each check first waits for the animations that end, in and around what it
 * analyses, to end (a dialog fades in over 180 ms): colours measured halfway
 * through a fade are not the colours a visitor reads, and axe reports their
 * contrast as too low.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import axe from "axe-core";

export interface AxeScope {
  /** CSS selector of the part to analyse (the whole document by default). */
  include?: string;
  /** Only the rules with these tags (all rules by default). */
  tags?: string[];
}

/** The violations of a run as they come back from the page: only what the lines below are made of. */
interface Violation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/** The violations found, one readable line each: "rule (impact): target, target". */
export async function axeViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  await page.evaluate(settled, scope.include);
  const violations = page.frames().length === 1 ? await runInPage(page, scope) : await runWithBuilder(page, scope);
  return violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/**
 * Runs in the page: resolves when every running animation with an end that
 * can change what is analysed has ended (or was cancelled): those of the part
 * `include` selects, of its contents and of the elements around it; all of
 * them for the whole document. (A card behind an open dialog still turning
 * under the pointer changes nothing in the dialog.)
 */
async function settled(include: string | undefined): Promise<void> {
  const part = include ? document.querySelector(include) : null;
  const bears = (animation: Animation) => {
    if (!part) return true;
    const target = animation.effect instanceof KeyframeEffect ? animation.effect.target : null;
    return !target || part.contains(target) || target.contains(part);
  };
  const ending = document
    .getAnimations()
    .filter((a) => a.playState === "running" && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)) && bears(a));
  await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
}

async function runInPage(page: Page, { include, tags }: AxeScope): Promise<Violation[]> {
  // axe stays in the page until it navigates; a new document gets it again.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ include, tags }) => {
      const inPage = (window as unknown as { axe: typeof axe }).axe;
      // Only the violations are read: axe then keeps one node per passed or incomplete rule, not all of them
      // (axe's resultTypes option), which spares it much of its work on a whole page.
      const options: axe.RunOptions = { resultTypes: ["violations"], ...(tags ? { runOnly: { type: "tag", values: tags } } : {}) };
      const { violations } = await inPage.run(include ? { include: [[include]] } : document, options);
      return violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map(({ target }) => ({ target: [...target] })) }));
    },
    { include, tags },
  );
}

async function runWithBuilder(page: Page, { include, tags }: AxeScope): Promise<Violation[]> {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
  if (include) builder.include(include);
  if (tags) builder.withTags(tags);
  return (await builder.analyze()).violations;
}
