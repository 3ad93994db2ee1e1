import { useEffect, useState } from 'react'

/** Whole seconds left of `seconds` from the first render (a new `seconds` starts again). */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds)
  useEffect(() => {
    const end = Date.now() + seconds * 1000
    setLeft(seconds)
    const timer = setInterval(() => {
      const now = Math.max(0, Math.ceil((end - Date.now()) / 1000))
      setLeft(now)
      if (now === 0) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [seconds])
  return left
}
