import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useFadeIn } from './fade-in'

function Section() {
  const ref = useFadeIn<HTMLElement>(1500)
  return (
    <section ref={ref} aria-label="Subscribe">
      Hello
    </section>
  )
}

const VIEWPORT_HEIGHT = 800
const SECTION_HEIGHT = 400

/** A vertical length of a root margin (px or % of the viewport's height). */
function marginLength(token: string): number {
  const value = Number.parseFloat(token)
  return token.endsWith('%') ? (value / 100) * VIEWPORT_HEIGHT : value
}

/**
 * An IntersectionObserver that behaves as the browser's does for one section in a viewport 800 px
 * high: it checks where the section is at each frame the test draws (`drawFrame`), applies the
 * observer's root margin, and reports the first check and then only changes of `isIntersecting`.
 * What happens between two frames, it never sees, just as a browser on a busy page does not.
 */
class FakeObserver {
  static live = new Set<FakeObserver>()
  private readonly marginTop: number
  private readonly marginBottom: number
  private target: Element | undefined
  private last: boolean | undefined

  constructor(
    private readonly callback: IntersectionObserverCallback,
    init?: IntersectionObserverInit,
  ) {
    const [top = '0px', , bottom = top] = (init?.rootMargin ?? '0px').split(/\s+/)
    this.marginTop = marginLength(top)
    this.marginBottom = marginLength(bottom)
    FakeObserver.live.add(this)
  }

  observe(target: Element) {
    this.target = target
  }

  disconnect() {
    this.target = undefined
    FakeObserver.live.delete(this)
  }

  check(top: number) {
    if (!this.target) return
    const bottom = top + SECTION_HEIGHT
    const rootTop = -this.marginTop
    const rootBottom = VIEWPORT_HEIGHT + this.marginBottom
    const isIntersecting = top < rootBottom && bottom > rootTop
    if (isIntersecting === this.last) return
    this.last = isIntersecting
    const entry = {
      isIntersecting,
      boundingClientRect: { top, bottom },
      rootBounds: { top: rootTop, bottom: rootBottom },
      target: this.target,
    } as unknown as IntersectionObserverEntry
    this.callback([entry], this as unknown as IntersectionObserver)
  }
}

let animationFrames = new Map<number, FrameRequestCallback>()
let nextFrameId = 1

/**
 * A frame drawn with the section's top this far from the top of the viewport: animation-frame
 * callbacks run first, then the observers check, as in a browser's rendering steps.
 */
function drawFrame(top: number) {
  act(() => {
    const callbacks = [...animationFrames.values()]
    animationFrames = new Map()
    for (const callback of callbacks) callback(performance.now())
    for (const observer of [...FakeObserver.live]) observer.check(top)
  })
}

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce, media: query }))
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    animationFrames.set(nextFrameId, callback)
    return nextFrameId++
  })
  vi.stubGlobal('cancelAnimationFrame', (id: number) => animationFrames.delete(id))
  motion(false)
})

afterEach(() => {
  vi.unstubAllGlobals()
  FakeObserver.live.clear()
  animationFrames.clear()
})

const BELOW_THE_FOLD = 2000
const ON_SCREEN = 100
const SCROLLED_PAST = -3000

describe('useFadeIn', () => {
  it('never hides anything without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Section />)
    drawFrame(BELOW_THE_FOLD)
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('hides a section below the fold, then fades it in when its top passes 75% of the viewport', () => {
    render(<Section />)
    const section = screen.getByRole('region')
    expect(section).not.toHaveClass('fade') // nothing hidden before the observer has reported
    drawFrame(BELOW_THE_FOLD)
    expect(section).toHaveClass('fade')
    expect(section).not.toHaveClass('fade--in')
    expect(section.style.transitionDuration).toBe('1500ms')
    // Hidden without a transition (it would fade out), which comes back two frames later.
    expect(section.style.transitionProperty).toBe('none')
    drawFrame(BELOW_THE_FOLD)
    drawFrame(BELOW_THE_FOLD)
    expect(section.style.transitionProperty).toBe('')
    drawFrame(0.8 * VIEWPORT_HEIGHT) // top at 80%: not yet
    expect(section).not.toHaveClass('fade--in')
    drawFrame(0.7 * VIEWPORT_HEIGHT) // top at 70%: in
    expect(section).toHaveClass('fade', 'fade--in')
    expect(section.style.transitionProperty).toBe('') // it fades
  })

  it('shows a section at once when a fast scroll carried it past between two frames', () => {
    render(<Section />)
    const section = screen.getByRole('region')
    drawFrame(BELOW_THE_FOLD)
    drawFrame(BELOW_THE_FOLD)
    drawFrame(BELOW_THE_FOLD)
    expect(section).toHaveClass('fade')
    expect(section.style.transitionProperty).toBe('')
    drawFrame(SCROLLED_PAST)
    expect(section).toHaveClass('fade', 'fade--in')
    // Out of sight above: no transition left to run, it is simply there when scrolled back to.
    expect(section.style.transitionProperty).toBe('none')
  })

  it.each([
    ['already on screen', ON_SCREEN],
    ['the visitor has already scrolled past', SCROLLED_PAST],
    ['just above 75% of the viewport', 0.7 * VIEWPORT_HEIGHT],
  ])('leaves a section that is %s alone', (_, top) => {
    render(<Section />)
    drawFrame(top)
    drawFrame(BELOW_THE_FOLD) // the visitor scrolls back up: it stays visible
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('does nothing for visitors who prefer reduced motion', () => {
    motion(true)
    render(<Section />)
    expect(FakeObserver.live.size).toBe(0) // no observer at all
    drawFrame(BELOW_THE_FOLD)
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('hides nothing when the visitor scrolled the prerendered page before the app started', () => {
    document.documentElement.setAttribute('data-scrolled', '')
    try {
      render(<Section />)
      drawFrame(BELOW_THE_FOLD) // scrolled back up above it before the app ran: seen, so kept
      expect(screen.getByRole('region')).not.toHaveClass('fade')
    } finally {
      document.documentElement.removeAttribute('data-scrolled')
    }
  })
})
