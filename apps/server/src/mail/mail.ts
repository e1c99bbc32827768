/** A plain-text mail, as the portal writes every one of its mails. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** The sender's display name in the mail's language; none: MAIL_FROM's own. The address is always MAIL_FROM's. */
  fromName?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on rule hit mails); never ones the relay sets itself. */
  headers?: Record<string, string>;
}
