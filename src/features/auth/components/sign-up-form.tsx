import { useSignUp } from '../mutations'

export function SignUpForm() {
  const signUp = useSignUp()

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const data = new FormData(event.currentTarget)
        signUp.mutate({
          name: String(data.get('name') ?? ''),
          email: String(data.get('email') ?? ''),
          password: String(data.get('password') ?? ''),
          phoneNumber: String(data.get('phoneNumber') ?? '') || undefined,
        })
      }}
    >
      <label htmlFor="signup-name">Name</label>
      <input id="signup-name" name="name" autoComplete="name" />
      <label htmlFor="signup-email">Email</label>
      <input id="signup-email" name="email" type="email" autoComplete="email" />
      <label htmlFor="signup-password">Password</label>
      <input id="signup-password" name="password" type="password" autoComplete="new-password" />
      <label htmlFor="signup-phone">Phone Number</label>
      <input id="signup-phone" name="phoneNumber" type="tel" inputMode="tel" autoComplete="tel" />
      <button type="submit" disabled={signUp.isPending}>
        {signUp.isPending ? 'Submitting…' : 'Submit'}
      </button>
      {signUp.isSuccess ? <p role="status">Your account is ready.</p> : null}
    </form>
  )
}
