import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** The product's accessibility bar: every page meets WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Waits until every finite animation (a dialog fading in, a menu growing) has ended, because
 * axe measures colour contrast on what is painted: half-faded text would be reported, or missed.
 * Endless ones (a spinner) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** The start of an element's HTML without its generated class names, enough to recognise it. */
function shorten(html: string): string {
  const oneLine = html.replace(/ class="[^"]*"/g, '').replace(/\s+/g, ' ');
  return oneLine.length > 100 ? `${oneLine.slice(0, 100)}…` : oneLine;
}

/**
 * Checks the page as it is now against the WCAG 2 A/AA rules and fails with one line per element
 * (rule, element, what is wrong), so a failure says what to fix without opening a trace.
 */
export async function expectNoAxeViolations(page: Page, state = 'page'): Promise<void> {
  await test.step(`no WCAG 2 A/AA violations: ${state}`, async () => {
    await settleAnimations(page);
    const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const found = violations.flatMap((violation) =>
      violation.nodes.map((node) => {
        const summary = (node.failureSummary ?? violation.help)
          .replace(/Fix (any|all) of the following:/g, '')
          .replace(/\s+/g, ' ')
          .trim();
        return `${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')} ${shorten(node.html)}: ${summary}`;
      }),
    );
    expect(found, `axe-core WCAG 2 A/AA violations on ${page.url()} (${state})`).toEqual([]);
  });
}
