import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useFadeIn } from './fade-in'

function Section() {
  const ref = useFadeIn<HTMLElement>(1500)
  return (
    <section ref={ref} aria-label="Subscribe">
      Hello
    </section>
  )
}

type Entry = {
  isIntersecting: boolean
  boundingClientRect: { top: number }
  rootBounds: { bottom: number } | null
}
type Callback = (entries: Entry[]) => void
let callback: Callback | undefined
let options: IntersectionObserverInit | undefined

class FakeObserver {
  constructor(cb: Callback, init?: IntersectionObserverInit) {
    callback = cb
    options = init
  }
  observe() {}
  disconnect() {}
}

// What the observer reports, with a viewport 800 px high cut to its top 75% by the root margin.
const report = (top: number, isIntersecting: boolean): Entry => ({
  isIntersecting,
  boundingClientRect: { top },
  rootBounds: { bottom: 600 },
})
const BELOW_THE_FOLD = report(2000, false)
const ON_SCREEN = report(100, true)
const SCROLLED_PAST = report(-3000, false)

function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce, media: query }))
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  callback = undefined
})

describe('useFadeIn', () => {
  it('never hides anything without IntersectionObserver', () => {
    render(<Section />)
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('hides a section below the fold, then fades it in when its top passes 75% of the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(false)
    render(<Section />)
    const section = screen.getByRole('region')
    expect(section).not.toHaveClass('fade') // nothing hidden before the observer has reported
    act(() => callback?.([BELOW_THE_FOLD]))
    expect(section).toHaveClass('fade')
    expect(section).not.toHaveClass('fade--in')
    expect(section.style.getPropertyValue('--fade-duration')).toBe('1500ms')
    expect(options?.rootMargin).toBe('0px 0px -25% 0px')
    act(() => callback?.([report(500, true)]))
    expect(section).toHaveClass('fade', 'fade--in')
  })

  it.each([
    ['already on screen', ON_SCREEN],
    ['the visitor has already scrolled past', SCROLLED_PAST],
  ])('leaves a section that is %s alone', (_, entry) => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(false)
    render(<Section />)
    act(() => callback?.([entry]))
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('does nothing for visitors who prefer reduced motion', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(true)
    render(<Section />)
    expect(callback).toBeUndefined() // no observer at all
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })
})
