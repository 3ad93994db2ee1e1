import type { Options } from 'ky'
import { api, toApiError } from '@/lib/http'

/** A request to our API whose answer has no body to read (202, 204): it worked, or it throws. */
export async function send(path: string, options: Options): Promise<void> {
  try {
    await api(path, options)
  } catch (error) {
    throw await toApiError(error)
  }
}
