/**
 * axe-core in the browser tests: one way to ask a screen for its serious and critical violations,
 * in the theme it shows or in both themes without leaving it.
 *
 * Checking both themes where a flow already stands, rather than in a second test that signs in and
 * navigates the same way in the other theme, halves the navigations. A theme swaps stylesheets and
 * nothing else, so in the second theme only the rules that read colours run again (axe's whole set
 * is most of an axe test's time on a loaded machine). The switch is pressed with a dispatched click:
 * it is the app's own toggle, and a modal dialog's mask would stop a pointer's.
 *
 * A spec that uses these calls `test.use({ bypassCSP: true })`: axe is injected as a script tag,
 * which the app's Content-Security-Policy would refuse.
 */
import { expect, type Page } from '@playwright/test';

export type ThemeName = 'dark' | 'light';

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
}

const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** The rules of those tags whose outcome a theme (colours only) can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * The serious and critical violations on the page, or within the element `scope` selects: every rule
 * of the WCAG 2.1 A and AA and best-practice tags, or with `colours`, only those that read colours.
 */
export async function seriousViolations(page: Page, scope?: string, { colours = false } = {}): Promise<string[]> {
  // Let entering animations (toasts, dialogs, a new theme's colours) settle before measuring contrast.
  await page.waitForTimeout(400);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: 'node_modules/axe-core/axe.min.js' });
  const result = await page.evaluate(
    async ({ scope, runOnly }) => {
      const axe = (window as unknown as { axe: { run(context: Element | Document, options: object): Promise<AxeResult> } }).axe;
      const context = scope ? document.querySelector(scope) : document;
      if (!context) throw new Error(`axe: nothing matches ${scope}`);
      return axe.run(context, { runOnly });
    },
    { scope, runOnly: colours ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: RULE_TAGS } },
  );
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** The theme the page shows. */
async function shownTheme(page: Page): Promise<ThemeName> {
  return (await page.locator('html').getAttribute('data-theme')) === 'light' ? 'light' : 'dark';
}

/** Switches to `theme` with the app's own toggle and waits until its stylesheet alone is applied. */
export async function setTheme(page: Page, theme: ThemeName): Promise<void> {
  if ((await shownTheme(page)) !== theme) await page.locator('.theme-toggle').dispatchEvent('click');
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  await expect(page.locator(`link[data-theme-stylesheet="${theme}"]`)).toHaveCount(1);
  await expect(page.locator('link[data-theme-stylesheet]')).toHaveCount(1);
}

/**
 * The violations of the screen as it stands in the theme it shows (every rule), then in the other
 * one (the colour rules); the page is left in the other theme. Each names its theme and `where`.
 */
export async function violationsInBothThemes(page: Page, where: string, scope?: string): Promise<string[]> {
  const first = await shownTheme(page);
  const second: ThemeName = first === 'dark' ? 'light' : 'dark';
  const found = (await seriousViolations(page, scope)).map((v) => `${where}, ${first} theme: ${v}`);
  await setTheme(page, second);
  found.push(...(await seriousViolations(page, scope, { colours: true })).map((v) => `${where}, ${second} theme: ${v}`));
  return found;
}

/** Soft-asserts that the screen as it stands has no serious or critical violation in either theme. */
export async function expectAccessibleInBothThemes(page: Page, where: string, scope?: string): Promise<void> {
  expect.soft(await violationsInBothThemes(page, where, scope), where).toEqual([]);
}
