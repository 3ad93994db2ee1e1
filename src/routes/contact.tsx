import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/contact')({
  head: () => ({
    meta: [
      { title: 'Contact — Coinvera' },
      { name: 'description', content: 'Get in touch with the Coinvera team.' },
    ],
  }),
  component: ContactPage,
})

// The product specifies this page as a placeholder of three "Hello World" headings.
function ContactPage() {
  return (
    <section className="page contact-page">
      <div className="contact-page__card">
        <h1 className="contact-page__h1">Hello World</h1>
        <h2 className="contact-page__h2">Hello World</h2>
        <h3 className="contact-page__h3">Hello World</h3>
      </div>
    </section>
  )
}
