import { type ReactNode, useEffect, useRef } from 'react'

/**
 * What a form did, in its place: announced, and focused once shown after a submit (the form and
 * its button are gone), or when the page came back from a post made without its script.
 */
export function FormDone({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const active = document.activeElement
    if (!active || active === document.body || !document.contains(active)) ref.current?.focus()
  }, [])
  return (
    <div ref={ref} className="form-done" role="status" tabIndex={-1}>
      <p className="form-done__title">{title}</p>
      {children}
    </div>
  )
}

/**
 * What a page an emailed link opens says when the link was cut short (no token), or when the
 * server found it expired or used: `expiredText`, then `advice`, then where to go (`children`).
 */
export function LinkDoesNotWork({
  expired,
  expiredText = 'It has expired or was already used.',
  advice,
  children,
}: {
  expired: boolean
  expiredText?: string
  advice?: string
  children: ReactNode
}) {
  return (
    <FormDone title="This link does not work">
      <p>
        {expired
          ? expiredText
          : 'Open the link from the email again, as it is: this page needs all of it.'}
        {advice ? ` ${advice}` : null}
      </p>
      <p>{children}</p>
    </FormDone>
  )
}
