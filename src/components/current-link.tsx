import { createLink } from '@tanstack/react-router'
import type { ComponentProps } from 'react'

/**
 * A router link (TanStack Router's documented custom link) whose `current`, when given, decides
 * whether it is marked as the page shown (`aria-current`, which the styles follow). The router
 * marks every link whose address matches the current one: links to a page they do not stand for
 * (the nav bar's Company and About lead to Contact's), or to an address the router reads
 * differently from the page (the chart's default range has no `?range=`) need their own say.
 */
export const CurrentLink = createLink(function CurrentAnchor({
  current,
  ...props
}: ComponentProps<'a'> & { current?: boolean }) {
  return <a {...props} aria-current={(current ?? props['aria-current']) ? 'page' : undefined} />
})
