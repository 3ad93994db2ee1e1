import { useState } from 'react'
import { useHydrated } from '@/components/hydrated'
import { knownCode } from '@contract/form-errors'
import { TOKEN_PATTERN } from '@contract/token'

/** What a page opened from an emailed link receives from its route. */
export type TokenPageProps = {
  token: string | null
  returned?: string | undefined
  done?: string | undefined
}

/**
 * The start every page opened from an emailed link shares: the token it holds in memory (one cut
 * short, a link broken over two lines, is as good as none), the `?error=` code a post without the
 * script came back with, whether it is done (`?done=` or a success since), and whether the link
 * cannot work. As prerendered the page shows its form, into which the server writes the token
 * (no script), so a missing token counts only once hydrated.
 */
export function useTokenPage<const C extends readonly string[]>(
  { token, returned, done }: TokenPageProps,
  codes: C,
  doneCode: string,
) {
  const problem = knownCode(codes, returned)
  const held = token && TOKEN_PATTERN.test(token) ? token : null
  const hydrated = useHydrated()
  const [finished, setFinished] = useState(done === doneCode)
  const expired = problem === 'invalid_token'
  return {
    held,
    problem,
    finished,
    finish: () => setFinished(true),
    expired,
    linkDoesNotWork: (hydrated && held === null) || expired,
  }
}
