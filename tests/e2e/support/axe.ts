// axe-core 4 in the page (issue 35): the rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, and the
// violations that are serious or critical. The script goes in through the debugging protocol, so the page's
// strict Content-Security-Policy stays as it is.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** The attribute of tabster's focus guards (`<i data-tabster-dummy>`), which Fluent UI puts around focus traps and arrow-key groups. */
export const TABSTER_DUMMY = 'data-tabster-dummy';

/** The serious and critical violations on the page (or inside `scope`), each with the nodes that break it. */
export async function seriousViolations(page: Page, scope?: string): Promise<AxeViolation[]> {
  // A drawer still fading in has text at half its contrast: check the page as it comes to rest.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{
            violations: {
              id: string;
              impact: string;
              help: string;
              nodes: { target: string[]; failureSummary: string; html: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    const result = await axe.run(include ? { include: [include] } : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        html: node.html,
        text: `${node.target.join(' ')}: ${node.failureSummary.split('\n').slice(0, 2).join(' ')}`,
      })),
    }));
  }, scope);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      ...violation,
      nodes: violation.nodes.map((node) => `${node.text} ${node.html.slice(0, 160)}`),
    }));
}
