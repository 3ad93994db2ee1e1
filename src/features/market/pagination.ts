/** One place in the page links: a page's number, or a run of pages left out. */
export type PageItem = { page: number } | { gap: 'before' | 'after' }

export type Pagination = {
  prev: number | null
  next: number | null
  items: PageItem[]
}

/**
 * The list's page links around `current` of `last` pages: the first and the last, the pages
 * within `around` of the current one, and a gap where more are left out (a gap of one page shows
 * that page instead). Out-of-range input is clamped into 1…last.
 */
export function pagination(current: number, last: number, around = 2): Pagination {
  const pages = Math.max(1, Math.floor(last))
  const page = Math.min(Math.max(1, Math.floor(current)), pages)
  let from = Math.max(1, page - around)
  let to = Math.min(pages, page + around)
  // A gap would hide a single page: show that page instead.
  if (from === 3) from = 2
  if (to === pages - 2) to = pages - 1
  const items: PageItem[] = []
  if (from > 1) items.push({ page: 1 })
  if (from > 2) items.push({ gap: 'before' })
  for (let p = from; p <= to; p++) items.push({ page: p })
  if (to < pages - 1) items.push({ gap: 'after' })
  if (to < pages) items.push({ page: pages })
  return { prev: page > 1 ? page - 1 : null, next: page < pages ? page + 1 : null, items }
}
