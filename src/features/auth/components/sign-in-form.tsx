import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Field } from './field'

/** Sign-in fields only for now: accounts get sessions in issue 6, so nothing is sent yet. */
export function SignInForm() {
  const [submitted, setSubmitted] = useState(false)
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')

  return (
    <form
      className="form"
      aria-label="Sign in"
      onSubmit={(event) => {
        // The browser's own submit would reload the page and lose what was typed.
        event.preventDefault()
        setSubmitted(true)
      }}
    >
      <Field
        label="Username"
        name="username"
        autoComplete="username"
        value={username}
        onChange={(event) => setUsername(event.currentTarget.value)}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <button type="submit" className="button button--primary button--block">
        Submit
      </button>
      <p className="form-note" role="status">
        {submitted ? 'Signing in opens soon. Until then, create an account to get started.' : ''}
      </p>
      <p className="form__links">
        New to Coinvera? <Link to="/signup">Create an account</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/">Back to home</Link>
      </p>
    </form>
  )
}
