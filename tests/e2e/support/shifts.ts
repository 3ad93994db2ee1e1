import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'

/** Records every layout shift of the context's pages that no input caused. */
export async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const win = window as unknown as {
      __shifts: { value: number; sources: string[]; inMain: boolean }[]
    }
    win.__shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node }[]
      })[]) {
        if (entry.hadRecentInput) continue
        const nodes = (entry.sources ?? []).map((source) => source.node)
        win.__shifts.push({
          value: entry.value,
          sources: nodes.map((node) =>
            node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName),
          ),
          inMain: nodes.some((node) => node?.parentElement?.closest('main')),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** No recorded shift, or (`main`) none that moved something inside the page's main content. */
export async function expectNoShift(page: Page, { main = false } = {}): Promise<void> {
  const recorded = await page.evaluate(
    () => (window as unknown as { __shifts: { value: number; inMain: boolean }[] }).__shifts,
  )
  const shifts = main ? recorded.filter((shift) => shift.inMain) : recorded
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
  expect(cls, JSON.stringify(shifts)).toBe(0)
}
