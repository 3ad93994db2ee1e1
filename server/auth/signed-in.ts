import type { Viewer } from '../context'
import type { SessionUser } from '../db/sessions'
import { apiError } from '../errors'

/**
 * The request's signed-in visitor (`c.var.viewer`) and their session's token; else a 401 (an
 * ended session's cookies are cleared).
 */
export async function signedIn(viewer: Viewer): Promise<{ user: SessionUser; token: string }> {
  const { token } = viewer
  const user = await viewer.user()
  if (!token || !user) {
    throw apiError('unauthenticated', { headers: token ? viewer.cleared : {} })
  }
  return { user, token }
}
