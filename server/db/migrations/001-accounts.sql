CREATE TABLE accounts (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  email text NOT NULL,
  phone_number text,
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Emails are unique without regard to case; the index, not a prior SELECT, settles races.
CREATE UNIQUE INDEX accounts_email_lower_key ON accounts (lower(email));
