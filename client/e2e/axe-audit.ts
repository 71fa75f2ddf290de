// The accessibility audit every browser journey uses: axe-core's serious and critical findings,
// plus the page-structure rules held as strictly (a11y.e2e.ts, every-route.e2e.ts).
import AxeBuilder from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { networkQuiet } from './harness'

/**
 * Page-structure rules axe files as "moderate" best practice, held here as strictly as the serious
 * ones. heading-order is not among them: article bodies are staff-written rich text whose own
 * headings (often h4 under the page's h1) the portal does not renumber.
 */
const STRUCTURE_RULES = [
  'landmark-one-main',
  'landmark-no-duplicate-main',
  'landmark-no-duplicate-banner',
  'landmark-no-duplicate-contentinfo',
  'landmark-main-is-top-level',
  'page-has-heading-one',
  'region',
  'skip-link',
]

export type Finding = { route: string; rule: string; impact: string; nodes: string[] }

/**
 * axe with the WCAG 2.2 target-size rule on (axe leaves it off by default); only violations are
 * detailed. Legacy mode runs axe in the page itself; the default opens a blank page per audit to
 * merge frame results, which only cross-origin frames need (the portal has none): 1.2 s → 0.55 s
 * an audit, measured on /, /course, a teacher and /about.
 */
export async function audit(page: Page, route: string): Promise<Finding[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'target-size': { enabled: true } } })
    .analyze()
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || STRUCTURE_RULES.includes(violation.id))
    .map((violation) => ({
      route,
      rule: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`),
    }))
}

/** Once the page is the browser's and the route mask is gone: what a visitor sees and uses. */
export async function settled(page: Page) {
  await page.waitForFunction(() => !document.querySelector('.loading-mask.is-visible'))
  await networkQuiet(page)
}
