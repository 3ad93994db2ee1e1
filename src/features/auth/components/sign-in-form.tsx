export function SignInForm() {
  return (
    <form className="form" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="signin-username">Username</label>
      <input id="signin-username" name="username" autoComplete="username" />
      <label htmlFor="signin-password">Password</label>
      <input id="signin-password" name="password" type="password" autoComplete="current-password" />
      <button type="submit">Submit</button>
    </form>
  )
}
