import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { env } from '@/lib/env'
import { ApiError } from '@/lib/http'
import { describeFailure, type FormProblem, returnedProblem } from '../failure'
import { useSignUp } from '../sign-up'
import { focusFirstInvalid, focusReturnedProblem, validateFields } from '../form'
import type { SignUpError } from '../form-errors'
import { type FieldErrors, SignUpSchema } from '../schemas'
import { Field } from './field'
import { FormProblemAlert } from './form-problem'

type Values = { name: string; email: string; password: string; phoneNumber: string }
type FieldName = keyof Values

const FIELDS: FieldName[] = ['name', 'email', 'password', 'phoneNumber']
const EMPTY: Values = { name: '', email: '', password: '', phoneNumber: '' }

const validate = (values: Values) => validateFields(SignUpSchema, values, FIELDS)

/** Sign-up's own failure: the email is taken (409); everything else as for any form. */
function describeSignUpFailure(failure: Error) {
  if (failure instanceof ApiError && (failure.code === 'email_taken' || failure.status === 409)) {
    const errors: FieldErrors = { email: 'An account with this email already exists.' }
    return { errors, problem: null }
  }
  return describeFailure(failure, FIELDS)
}

/**
 * Creates the account, then goes home with a welcome. Without the page's script it posts as a
 * plain form, and the server sends it home or back here with `returned`.
 */
export function SignUpForm({ returned }: { returned?: SignUpError | undefined }) {
  const signUp = useSignUp()
  const formRef = useRef<HTMLFormElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const navigate = useNavigate()
  const [values, setValues] = useState<Values>(EMPTY)
  const [errors, setErrors] = useState<FieldErrors>({})
  const [problem, setProblem] = useState<FormProblem | null>(() =>
    returned ? returnedProblem.signUp(returned) : null,
  )
  useEffect(() => {
    if (returned) focusReturnedProblem(problemRef.current)
  }, [returned])
  // Fields whose message came from the server (409, 400): the local rules cannot judge those, so
  // leaving the field (blur) keeps the message; editing the field re-checks it as usual.
  const serverErrors = useRef(new Set<FieldName>())

  function update(field: FieldName, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    serverErrors.current.delete(field)
    // Once a field shows an error, re-check it as the visitor types so it clears when fixed.
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next).errors[field] }))
  }

  function check(field: FieldName) {
    if (serverErrors.current.has(field)) return
    setErrors((prev) => ({ ...prev, [field]: validate(values).errors[field] }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (signUp.isPending) return
    const { data, errors: found } = validate(values)
    setErrors(found)
    setProblem(null)
    serverErrors.current.clear()
    if (!data) {
      focusFirstInvalid(formRef.current, FIELDS, found)
      return
    }
    signUp.mutate(data, {
      // The server signed the new account in: home, with a welcome.
      onSuccess: (account) => {
        void navigate({ to: '/', state: { welcome: { name: account.name, isNew: true } } })
      },
      onError: (error) => {
        const failure = describeSignUpFailure(error)
        setErrors(failure.errors)
        setProblem(failure.problem)
        serverErrors.current = new Set(FIELDS.filter((field) => failure.errors[field]))
        focusFirstInvalid(formRef.current, FIELDS, failure.errors)
      },
    })
  }

  const fieldProps = (field: FieldName) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: { currentTarget: HTMLInputElement }) =>
      update(field, event.currentTarget.value),
    onBlur: () => check(field),
  })

  return (
    <form
      ref={formRef}
      method="post"
      action={`${env.formApiUrl}api/auth`}
      className="form"
      noValidate
      aria-busy={signUp.isPending}
      aria-label="Sign up"
      onSubmit={submit}
    >
      {problem ? (
        <FormProblemAlert
          ref={problemRef}
          problem={problem}
          onRetry={() => formRef.current?.requestSubmit()}
        />
      ) : null}
      <Field label="Name" autoComplete="name" {...fieldProps('name')} />
      <Field label="Email" type="email" autoComplete="email" {...fieldProps('email')} />
      <Field
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A passphrase is easiest to remember."
        {...fieldProps('password')}
      />
      <Field
        label="Phone Number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="Optional. Include your country code, like +44."
        {...fieldProps('phoneNumber')}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={signUp.isPending}
        // Keep focus in the field: its blur check could show an error that moves this button
        // between press and release, and the click would be lost. Submit checks everything anyway.
        onMouseDown={(event) => event.preventDefault()}
      >
        {signUp.isPending ? 'Submitting…' : 'Submit'}
      </button>
      <p className="form__links">
        Already have an account? <Link to="/signin">Sign in</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/">Back to home</Link>
      </p>
    </form>
  )
}
