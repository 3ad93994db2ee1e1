import type { ReactNode } from 'react'
import { FormProblemAlert } from '@/components/form/form-problem'
import { env } from '@/lib/env'
import type { useAuthForm } from '../use-auth-form'

/**
 * The form of a page opened from an emailed link. Without the page's script the server writes the
 * token into its hidden field and the form posts it; with it, the script sends its own copy.
 */
export function TokenForm({
  form,
  path,
  label,
  submit: [idle, pending],
  noValidate,
  children,
}: {
  form: Pick<
    ReturnType<typeof useAuthForm>,
    'formRef' | 'problemRef' | 'problem' | 'retry' | 'submit' | 'pending'
  >
  /** Where it posts, under the API's origin. */
  path: string
  label: string
  /** The button's text, and its text while the request runs. */
  submit: readonly [string, string]
  noValidate?: boolean
  children?: ReactNode
}) {
  return (
    <form
      ref={form.formRef}
      method="post"
      action={`${env.formApiUrl}${path}`}
      className="form"
      noValidate={noValidate}
      aria-busy={form.pending}
      aria-label={label}
      onSubmit={form.submit}
    >
      {form.problem ? (
        <FormProblemAlert ref={form.problemRef} problem={form.problem} onRetry={form.retry} />
      ) : null}
      <input type="hidden" name="token" defaultValue="" />
      {children}
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={form.pending}
      >
        {form.pending ? pending : idle}
      </button>
    </form>
  )
}
