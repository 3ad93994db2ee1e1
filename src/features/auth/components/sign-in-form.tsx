import { Link, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { env } from '@/lib/env'
import { describeFailure, type FormProblem, returnedProblem } from '../failure'
import { type Errors, focusFirstInvalid, focusReturnedProblem, validateFields } from '../form'
import type { SignInError } from '../form-errors'
import { useSignIn } from '../sign-in'
import { type SignInInput, SignInSchema } from '../session-schemas'
import { Field } from './field'
import { FormProblemAlert } from './form-problem'

type FieldName = keyof SignInInput

const FIELDS: FieldName[] = ['username', 'password']

const validate = (values: SignInInput) => validateFields(SignInSchema, values, FIELDS)

/**
 * Signs in through the session endpoint, then goes home with a short welcome. Without the page's
 * script it posts as a plain form, and the server sends it home or back here with `returned`.
 */
export function SignInForm({ returned }: { returned?: SignInError | undefined }) {
  const signIn = useSignIn()
  const navigate = useNavigate()
  const formRef = useRef<HTMLFormElement>(null)
  const problemRef = useRef<HTMLDivElement>(null)
  const [values, setValues] = useState<SignInInput>({ username: '', password: '' })
  const [errors, setErrors] = useState<Errors<FieldName>>({})
  const [problem, setProblem] = useState<FormProblem | null>(() =>
    returned ? returnedProblem.signIn(returned) : null,
  )
  useEffect(() => {
    if (returned) focusReturnedProblem(problemRef.current)
  }, [returned])

  function update(field: FieldName, value: string) {
    const next = { ...values, [field]: value }
    setValues(next)
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next).errors[field] }))
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    // The browser's own submit would reload the page and lose what was typed.
    event.preventDefault()
    if (signIn.isPending) return
    const { data, errors: found } = validate(values)
    setErrors(found)
    setProblem(null)
    if (!data) {
      focusFirstInvalid(formRef.current, FIELDS, found)
      return
    }
    signIn.mutate(data, {
      onSuccess: (user) => {
        void navigate({ to: '/', state: { welcome: { name: user.name, isNew: false } } })
      },
      onError: (error) => {
        const failure = describeFailure(error, FIELDS)
        setErrors(failure.errors)
        setProblem(failure.problem)
        // A wrong password: the visitor retypes it, so the password field starts empty.
        if (failure.problem && !failure.problem.retry) {
          setValues((prev) => ({ ...prev, password: '' }))
        }
        if (Object.keys(failure.errors).length > 0)
          focusFirstInvalid(formRef.current, FIELDS, failure.errors)
        else requestAnimationFrame(() => problemRef.current?.focus())
      },
    })
  }

  return (
    <form
      ref={formRef}
      method="post"
      action={`${env.formApiUrl}api/auth/session`}
      className="form"
      noValidate
      aria-busy={signIn.isPending}
      aria-label="Sign in"
      onSubmit={submit}
    >
      {problem ? (
        <FormProblemAlert
          ref={problemRef}
          problem={problem}
          onRetry={() => formRef.current?.requestSubmit()}
        />
      ) : null}
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        hint="Your username is the email address you signed up with."
        value={values.username}
        error={errors.username}
        onChange={(event) => update('username', event.currentTarget.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        error={errors.password}
        onChange={(event) => update('password', event.currentTarget.value)}
      />
      <button
        type="submit"
        className="button button--primary button--block"
        disabled={signIn.isPending}
      >
        {signIn.isPending ? 'Signing in…' : 'Submit'}
      </button>
      <p className="form__links">
        New to Coinvera? <Link to="/signup">Create an account</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/">Back to home</Link>
      </p>
    </form>
  )
}
