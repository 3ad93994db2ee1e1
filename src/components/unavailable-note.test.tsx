import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UnavailableNote } from './unavailable-note'

describe('UnavailableNote', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts the wait down each second, then says to try again now', () => {
    render(<UnavailableNote state={{ reason: 'busy', seconds: 3 }} onRetry={() => {}} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Too many requests right now; try again in 3 s')
    act(() => vi.advanceTimersByTime(1000))
    expect(alert).toHaveTextContent('try again in 2 s')
    act(() => vi.advanceTimersByTime(2000))
    expect(alert).toHaveTextContent('Too many requests right now; try again now')
  })

  it('does not make a screen reader read every second', () => {
    render(<UnavailableNote state={{ reason: 'busy', seconds: 5 }} onRetry={() => {}} />)
    expect(screen.getByText('try again in 5 s')).toHaveAttribute('aria-live', 'off')
  })

  it('never leaves the unit alone at the start of a line', () => {
    render(<UnavailableNote state={{ reason: 'busy', seconds: 12 }} onRetry={() => {}} />)
    // A no-break space between the count and its unit.
    expect(screen.getByText(/^try again in/).textContent).toBe('try again in 12\u00a0s')
  })

  it('starts again when the server names a new wait', () => {
    const { rerender } = render(
      <UnavailableNote state={{ reason: 'busy', seconds: 2 }} onRetry={() => {}} />,
    )
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByRole('alert')).toHaveTextContent('try again now')
    rerender(<UnavailableNote state={{ reason: 'busy', seconds: 9 }} onRetry={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent('try again in 9 s')
  })

  it.each([
    [
      'limited',
      'You have opened many coins we had not loaded yet in the last minute; try again in 4 s',
    ],
    ['offline', "Live data for this coin can't be reached right now; try again in 4 s"],
  ] as const)('says why there is no data: %s', (reason, text) => {
    render(<UnavailableNote state={{ reason, seconds: 4 }} onRetry={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent(text)
  })
})
