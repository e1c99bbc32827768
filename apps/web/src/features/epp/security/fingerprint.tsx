import { Fragment } from 'react';

/**
 * A SHA-256 fingerprint as TLS tools print it (`3F:2A:…`, as `openssl x509 -fingerprint -sha256`),
 * free to wrap after any colon, so its 95 characters fit a phone without scrolling.
 */
export function Fingerprint({ value }: { value: string }) {
  const pairs = value.toUpperCase().match(/.{1,2}/g) ?? [];
  return (
    <span className="font-monospace small" data-testid="certificate-fingerprint">
      {pairs.map((pair, index) => (
        <Fragment key={index}>
          {pair}
          {index < pairs.length - 1 && (
            <>
              :<wbr />
            </>
          )}
        </Fragment>
      ))}
    </span>
  );
}
