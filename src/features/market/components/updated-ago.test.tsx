import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UpdatedAgo, updatedAgoText } from './updated-ago'

const T0 = Date.parse('2026-01-15T12:00:00Z')

describe('updatedAgoText', () => {
  it('counts seconds, then minutes, then hours', () => {
    expect(updatedAgoText(T0, T0)).toBe('Updated just now')
    expect(updatedAgoText(T0, T0 + 4_999)).toBe('Updated just now')
    expect(updatedAgoText(T0, T0 + 12_400)).toBe('Updated 12\u00a0s ago')
    expect(updatedAgoText(T0, T0 + 59_999)).toBe('Updated 59\u00a0s ago')
    expect(updatedAgoText(T0, T0 + 60_000)).toBe('Updated 1\u00a0min ago')
    expect(updatedAgoText(T0, T0 + 5 * 60_000)).toBe('Updated 5\u00a0min ago')
    expect(updatedAgoText(T0, T0 + 2 * 3_600_000)).toBe('Updated 2\u00a0h ago · stale')
  })

  it('says stale once the data is older than 5 minutes', () => {
    expect(updatedAgoText(T0, T0 + 5 * 60_000 + 1)).toBe('Updated 5\u00a0min ago · stale')
    expect(updatedAgoText(T0, T0 + 12 * 60_000)).toBe('Updated 12\u00a0min ago · stale')
  })

  it('treats a time slightly ahead of the clock as now', () => {
    expect(updatedAgoText(T0 + 800, T0)).toBe('Updated just now')
  })
})

describe('UpdatedAgo', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: T0 })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('ticks every second, on its own', () => {
    render(<UpdatedAgo updatedAt={T0 - 10_000} />)
    expect(screen.getByText('Updated 10 s ago')).toBeTruthy()
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByText('Updated 11 s ago')).toBeTruthy()
    act(() => vi.advanceTimersByTime(2_000))
    expect(screen.getByText('Updated 13 s ago')).toBeTruthy()
  })

  it('turns stale without a new render from its parent', () => {
    render(<UpdatedAgo updatedAt={T0 - 5 * 60_000 + 1_000} />)
    expect(screen.getByText('Updated 4 min ago')).toBeTruthy()
    act(() => vi.advanceTimersByTime(2_000))
    expect(screen.getByText('Updated 5 min ago · stale')).toBeTruthy()
  })

  it('starts again from a new time when the data is refreshed', () => {
    const { rerender } = render(<UpdatedAgo updatedAt={T0 - 50_000} />)
    act(() => vi.advanceTimersByTime(3_000))
    rerender(<UpdatedAgo updatedAt={Date.now()} />)
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByText('Updated just now')).toBeTruthy()
    act(() => vi.advanceTimersByTime(7_000))
    expect(screen.getByText('Updated 8 s ago')).toBeTruthy()
  })

  it('shows nothing while the time is not known', () => {
    const { container } = render(<UpdatedAgo updatedAt={0} />)
    expect(container.textContent).toBe('')
  })

  it('stops its timer when it goes away', () => {
    const { unmount } = render(<UpdatedAgo updatedAt={T0} />)
    unmount()
    expect(vi.getTimerCount()).toBe(0)
  })
})
