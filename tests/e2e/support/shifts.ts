import type { BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'

/** Records every layout shift of the context's pages that no input caused. */
export async function recordShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const win = window as unknown as {
      __shifts: { value: number; at: number; sources: string[]; moves: string[]; inMain: boolean }[]
      __takeShifts: () => void
    }
    win.__shifts = []
    // Where each source was and went (x, y, width, height), so a failure says what moved how.
    const box = (rect: DOMRectReadOnly) =>
      [rect.x, rect.y, rect.width, rect.height].map((n) => Math.round(n * 10) / 10).join(',')
    const record = (entries: PerformanceEntry[]) => {
      for (const entry of entries as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
      })[]) {
        if (entry.hadRecentInput) continue
        const nodes = (entry.sources ?? []).map((source) => source.node)
        win.__shifts.push({
          value: entry.value,
          at: Math.round(entry.startTime),
          moves: (entry.sources ?? []).map(
            (source) => `${box(source.previousRect)} -> ${box(source.currentRect)}`,
          ),
          sources: nodes.map((node) =>
            node instanceof Element ? `${node.tagName}.${node.className}` : String(node?.nodeName),
          ),
          inMain: nodes.some((node) => node?.parentElement?.closest('main')),
        })
      }
    }
    const observer = new PerformanceObserver((list) => record(list.getEntries()))
    observer.observe({ type: 'layout-shift', buffered: true })
    // Entries the observer has not been called back with yet.
    win.__takeShifts = () => record(observer.takeRecords())
  })
}

/** No recorded shift, or (`main`) none that moved something inside the page's main content. */
export async function expectNoShift(page: Page, { main = false } = {}): Promise<void> {
  // Two frames: what changed before the call is laid out and drawn, so any shift is measured.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const recorded = await page.evaluate(() => {
    const win = window as unknown as {
      __shifts: { value: number; inMain: boolean }[]
      __takeShifts: () => void
    }
    win.__takeShifts()
    return win.__shifts
  })
  const shifts = main ? recorded.filter((shift) => shift.inMain) : recorded
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
  expect(cls, JSON.stringify(shifts)).toBe(0)
}
