import { act, render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FLASH_MS, PriceCell } from './price-cell'

const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce, media: query }))

const shown = (container: HTMLElement) => container.querySelector('span')

describe('PriceCell', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    reducedMotion(false)
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('shows the price without a flash at first', () => {
    const { container } = render(<PriceCell value={97412} />)
    expect(shown(container)?.textContent).toBe('$97,412.00')
    expect(shown(container)?.className).toBe('')
  })

  it('flashes green when the price rose, red when it fell, for about a second', () => {
    const { container, rerender } = render(<PriceCell value={100} />)
    rerender(<PriceCell value={101} />)
    expect(shown(container)?.className).toBe('flash flash--up')
    expect(shown(container)?.textContent).toBe('$101.00')
    act(() => vi.advanceTimersByTime(FLASH_MS - 1))
    expect(shown(container)?.className).toBe('flash flash--up')
    act(() => vi.advanceTimersByTime(1))
    expect(shown(container)?.className).toBe('')

    rerender(<PriceCell value={99.5} />)
    expect(shown(container)?.className).toBe('flash flash--down')
  })

  it('does not flash when a refresh leaves the price as it was', () => {
    const { container, rerender } = render(<PriceCell value={100} />)
    rerender(<PriceCell value={100} />)
    expect(shown(container)?.className).toBe('')
  })

  it('restarts the flash (a new element) when the price changes again within it', () => {
    const { container, rerender } = render(<PriceCell value={100} />)
    rerender(<PriceCell value={101} />)
    const first = shown(container)
    act(() => vi.advanceTimersByTime(FLASH_MS / 2))
    rerender(<PriceCell value={100.5} />)
    expect(shown(container)).not.toBe(first)
    expect(shown(container)?.className).toBe('flash flash--down')
    act(() => vi.advanceTimersByTime(FLASH_MS / 2))
    expect(shown(container)?.className).toBe('flash flash--down')
    act(() => vi.advanceTimersByTime(FLASH_MS / 2))
    expect(shown(container)?.className).toBe('')
  })

  it('never flashes for a visitor who asked for reduced motion', () => {
    reducedMotion(true)
    const { container, rerender } = render(<PriceCell value={100} />)
    rerender(<PriceCell value={120} />)
    expect(shown(container)?.className).toBe('')
    expect(shown(container)?.textContent).toBe('$120.00')
  })

  it('does not flash when a price becomes known or unknown', () => {
    const { container, rerender } = render(<PriceCell value={undefined} />)
    rerender(<PriceCell value={5} />)
    expect(shown(container)?.className).toBe('')
    rerender(<PriceCell value={undefined} />)
    expect(shown(container)?.className).toBe('')
  })
})
