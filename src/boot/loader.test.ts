import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startApp } from './loader'
import { linkedStylesheetsSettled } from './stylesheets'

const ENTRY = '/assets/index-abc.js'
const PRELOADS = [
  '/assets/rolldown-runtime-abc.js',
  '/assets/react-abc.js',
  '/assets/vendor-abc.js',
]

/** The module scripts the loader added, as the browser would fetch them. */
const addedScripts = () =>
  [...document.body.querySelectorAll('script')].map((script) => ({
    src: script.getAttribute('src'),
    type: script.type,
    async: script.async,
    crossOrigin: script.getAttribute('crossorigin'),
  }))

/**
 * Paint timing as a browser reports it: `paint(name)` records an entry and reports it to the
 * observers; an observer created later sees earlier entries only if it asked for `buffered`.
 */
class FakePaintObserver {
  static supportedEntryTypes = ['navigation', 'paint', 'resource']
  static painted: string[] = []
  static live = new Set<FakePaintObserver>()

  static paint(name: string) {
    FakePaintObserver.painted.push(name)
    for (const observer of FakePaintObserver.live) observer.report([name])
  }

  constructor(private readonly callback: PerformanceObserverCallback) {}

  observe(options: PerformanceObserverInit) {
    if (options.type !== 'paint') return
    FakePaintObserver.live.add(this)
    if (options.buffered && FakePaintObserver.painted.length > 0)
      this.report(FakePaintObserver.painted)
  }

  disconnect() {
    FakePaintObserver.live.delete(this)
  }

  private report(names: string[]) {
    const list = {
      getEntriesByName: (name: string) =>
        names.filter((entry) => entry === name).map((entry) => ({ name: entry })),
    }
    this.callback(
      list as unknown as PerformanceObserverEntryList,
      this as unknown as PerformanceObserver,
    )
  }
}

/** Runs what the loader queued with `setTimeout(fn)` (the fake clock counts it as 1 ms). */
const runNextTask = () => vi.advanceTimersByTime(1)

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
  })
  FakePaintObserver.painted = []
  FakePaintObserver.live.clear()
  vi.stubGlobal('PerformanceObserver', FakePaintObserver)
  // Scroll listeners left by an earlier test fire once and go, so each test starts unscrolled.
  window.dispatchEvent(new Event('scroll'))
  document.documentElement.removeAttribute('data-scrolled')
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  for (const script of document.body.querySelectorAll('script')) script.remove()
  for (const link of document.head.querySelectorAll('link')) link.remove()
})

describe('startApp (the inline loader)', () => {
  it("adds the app's scripts after the first contentful paint, in Vite's order, once", () => {
    startApp(ENTRY, PRELOADS)
    vi.advanceTimersByTime(500)
    FakePaintObserver.paint('first-paint')
    runNextTask()
    expect(addedScripts()).toEqual([])

    FakePaintObserver.paint('first-contentful-paint')
    // In a task of its own, after the frame: not inside the paint report.
    expect(addedScripts()).toEqual([])
    runNextTask()
    expect(addedScripts()).toEqual(
      [...PRELOADS, ENTRY].map((src) => ({ src, type: 'module', async: false, crossOrigin: '' })),
    )
    expect(FakePaintObserver.live.size).toBe(0)

    // The 1 s fallback finds the app already started.
    vi.advanceTimersByTime(1000)
    expect(addedScripts()).toHaveLength(PRELOADS.length + 1)
  })

  it('starts when the first contentful paint happened before it ran', () => {
    FakePaintObserver.paint('first-paint')
    FakePaintObserver.paint('first-contentful-paint')
    startApp(ENTRY, PRELOADS)
    runNextTask()
    expect(addedScripts().map((script) => script.src)).toEqual([...PRELOADS, ENTRY])
  })

  it('starts at once in a hidden tab, which paints nothing', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    startApp(ENTRY, PRELOADS)
    expect(addedScripts().map((script) => script.src)).toEqual([...PRELOADS, ENTRY])
    expect(FakePaintObserver.live.size).toBe(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it.each([
    ['a browser without paint timing', { supportedEntryTypes: ['navigation', 'resource'] }],
    ['a browser without PerformanceObserver', undefined],
  ])('starts after two frames in %s', (_name, observer) => {
    vi.stubGlobal('PerformanceObserver', observer)
    startApp(ENTRY, PRELOADS)
    runNextTask()
    expect(addedScripts()).toEqual([])
    vi.advanceTimersToNextFrame()
    runNextTask()
    expect(addedScripts()).toEqual([])
    vi.advanceTimersToNextFrame()
    runNextTask()
    expect(addedScripts().map((script) => script.src)).toEqual([...PRELOADS, ENTRY])
  })

  it('starts within 1 s when no paint is ever reported', () => {
    startApp(ENTRY, PRELOADS)
    vi.advanceTimersByTime(999)
    expect(addedScripts()).toEqual([])
    vi.advanceTimersByTime(1)
    expect(addedScripts().map((script) => script.src)).toEqual([...PRELOADS, ENTRY])
  })

  it('marks <html data-scrolled> when the visitor scrolls before the app starts', () => {
    startApp(ENTRY, PRELOADS)
    vi.advanceTimersByTime(100)
    expect(document.documentElement).not.toHaveAttribute('data-scrolled')
    window.dispatchEvent(new Event('scroll'))
    expect(document.documentElement).toHaveAttribute('data-scrolled')
    expect(addedScripts()).toEqual([])
  })

  it("links the other pages' stylesheet with the scripts, first, and marks it once it settles", async () => {
    const STYLESHEET = '/assets/other-pages-abc.css'
    startApp(ENTRY, PRELOADS, STYLESHEET)
    expect(document.head.querySelector('link')).toBeNull()
    FakePaintObserver.paint('first-contentful-paint')
    runNextTask()
    const link = document.head.querySelector('link[rel="stylesheet"]')
    expect(link).toHaveAttribute('href', STYLESHEET)
    // Requested before the scripts: in the document before them.
    const firstScript = document.body.querySelector('script') as Element
    expect(link?.compareDocumentPosition(firstScript)).toBe(Node.DOCUMENT_POSITION_FOLLOWING)

    let settled = false
    void linkedStylesheetsSettled().then(() => {
      settled = true
    })
    await Promise.resolve()
    expect(settled).toBe(false)
    link?.dispatchEvent(new Event('load'))
    await vi.waitFor(() => expect(settled).toBe(true))
    expect(link).toHaveAttribute('data-settled')
    // The app started later still finds it settled.
    await expect(linkedStylesheetsSettled()).resolves.toBeUndefined()
  })

  it('lets the app start when the stylesheet fails, and links none where the page has it all', async () => {
    startApp(ENTRY, PRELOADS, '/assets/other-pages-abc.css')
    FakePaintObserver.paint('first-contentful-paint')
    runNextTask()
    const link = document.head.querySelector('link[rel="stylesheet"]')
    const started = linkedStylesheetsSettled()
    link?.dispatchEvent(new Event('error'))
    await expect(started).resolves.toBeUndefined()
    link?.remove()

    startApp(ENTRY, PRELOADS)
    vi.advanceTimersByTime(1000)
    expect(document.head.querySelector('link')).toBeNull()
    await expect(linkedStylesheetsSettled()).resolves.toBeUndefined()
  })
})
