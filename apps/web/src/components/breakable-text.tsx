import './breakable-text.css';
import { Fragment } from 'react';
import { visible } from '../lib/visible-text';

/** The class for text that wraps between words only, splitting a word only when it cannot fit at all. */
export const wrapWordsClass = 'text-wrap-words';

/**
 * A domain name, host name or email address that may wrap at sensible points only: after the @ and
 * before each dot (a hyphen already lets a line break after it). Inside `wrapWordsClass`, a single
 * part longer than the line is the only thing ever split inside; copied, it is the same text
 * (its invisible controls aside: `visible`).
 */
export function BreakableText({ text }: { text: string }) {
  const parts = visible(text).split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
