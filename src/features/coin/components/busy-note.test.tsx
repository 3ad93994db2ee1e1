import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BusyNote } from './busy-note'

describe('BusyNote', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('counts the wait down each second, then says to try again now', () => {
    render(<BusyNote seconds={3} onRetry={() => {}} />)
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('Too many requests right now; try again in 3 s')
    act(() => vi.advanceTimersByTime(1000))
    expect(alert).toHaveTextContent('try again in 2 s')
    act(() => vi.advanceTimersByTime(2000))
    expect(alert).toHaveTextContent('Too many requests right now; try again now')
  })

  it('does not make a screen reader read every second', () => {
    render(<BusyNote seconds={5} onRetry={() => {}} />)
    expect(screen.getByText('try again in 5 s')).toHaveAttribute('aria-live', 'off')
  })

  it('starts again when the server names a new wait', () => {
    const { rerender } = render(<BusyNote seconds={2} onRetry={() => {}} />)
    act(() => vi.advanceTimersByTime(2000))
    expect(screen.getByRole('alert')).toHaveTextContent('try again now')
    rerender(<BusyNote seconds={9} onRetry={() => {}} />)
    expect(screen.getByRole('alert')).toHaveTextContent('try again in 9 s')
  })
})
