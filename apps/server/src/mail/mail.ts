/** A plain-text mail, as the portal writes every one of its mails. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}
