/** One message in a response: a stable key the web translates, and an English text to fall back on. */
export interface Message {
  messageKey: string;
  defaultMessage: string;
  /** The form field the message belongs to, when it is about one field. */
  field?: string;
  /** Values the text interpolates, e.g. `{ max: 255 }` for a max-length message. */
  params?: Record<string, string | number>;
}

/** Every `/services` answer has this shape, success or failure. */
export interface Envelope<T> {
  data: T | null;
  messages: Message[];
}
