import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useNearViewport } from './near-viewport'

function Probe() {
  const { ref, near } = useNearViewport<HTMLDivElement>()
  return <div ref={ref}>{near ? 'near' : 'far'}</div>
}

type Callback = (entries: { isIntersecting: boolean }[]) => void
let callback: Callback | undefined
let options: IntersectionObserverInit | undefined
let disconnected = false

class FakeObserver {
  constructor(cb: Callback, init?: IntersectionObserverInit) {
    callback = cb
    options = init
  }
  observe() {}
  disconnect() {
    disconnected = true
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
  callback = undefined
  disconnected = false
})

describe('useNearViewport', () => {
  it('says near once the element comes within 100 px of the viewport, and stays near', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver)
    render(<Probe />)
    expect(screen.getByText('far')).toBeInTheDocument()
    expect(options?.rootMargin).toBe('100px 0px')
    act(() => callback?.([{ isIntersecting: false }]))
    expect(screen.getByText('far')).toBeInTheDocument()
    act(() => callback?.([{ isIntersecting: true }]))
    expect(screen.getByText('near')).toBeInTheDocument()
    expect(disconnected).toBe(true)
  })

  it('is near at once where IntersectionObserver is missing', () => {
    vi.stubGlobal('IntersectionObserver', undefined)
    render(<Probe />)
    expect(screen.getByText('near')).toBeInTheDocument()
  })
})
