import { render, screen } from '@testing-library/react'
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

type Callback = (entries: { isIntersecting: boolean }[]) => void
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

function belowTheFold() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top: 2000,
  } as DOMRect)
}

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
    belowTheFold()
    render(<Section />)
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('hides a section below the fold, then fades it in when its top passes 75% of the viewport', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(false)
    belowTheFold()
    render(<Section />)
    const section = screen.getByRole('region')
    expect(section).toHaveClass('fade')
    expect(section.style.getPropertyValue('--fade-duration')).toBe('1500ms')
    expect(options?.rootMargin).toBe('0px 0px -25% 0px')
    callback?.([{ isIntersecting: true }])
    expect(section).toHaveClass('fade', 'fade--in')
  })

  it('leaves a section that is already on screen alone', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(false)
    render(<Section />) // jsdom puts everything at the top
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })

  it('does nothing for visitors who prefer reduced motion', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    motion(true)
    belowTheFold()
    render(<Section />)
    expect(screen.getByRole('region')).not.toHaveClass('fade')
  })
})
