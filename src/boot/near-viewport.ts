import { startTransition, useEffect, useRef, useState } from 'react'

/**
 * True once the element comes within `margin` of the viewport, and from then on: code for what
 * is further down the page loads when the visitor heads there, not with the page.
 */
export function useNearViewport<T extends Element>(margin = '100px') {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(false)

  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        // What comes into view renders in slices, not in one long task.
        startTransition(() => setNear(true))
        observer.disconnect()
      },
      { rootMargin: `${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [margin])

  return { ref, near }
}
