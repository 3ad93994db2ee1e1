-- Messages waiting to be sent (server/mail/queue.ts). A row is deleted once sent, or once it is no
-- longer worth sending. Times are milliseconds since the epoch, from the server's clock.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY,
  recipient text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at bigint NOT NULL,
  -- A message whose content is worthless later (a link that expires) is dropped after this.
  discard_after bigint,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at bigint NOT NULL,
  -- A sender's claim: no other sender takes the row before it ends (a crashed sender's claim ends too).
  claimed_until bigint,
  last_error text
);

CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at);
