import { useState, type Ref } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { Icon } from '../../../components/icon';
import checkLgIcon from 'bootstrap-icons/icons/check-lg.svg?raw';
import clipboardIcon from 'bootstrap-icons/icons/clipboard.svg?raw';
import exclamationTriangleIcon from 'bootstrap-icons/icons/exclamation-triangle-fill.svg?raw';
import './secret-once.css';

type CopyState = 'idle' | 'copied' | 'failed';

export interface SecretOnceTexts {
  warning: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

/**
 * A secret shown this once (an API key, a webhook endpoint's signing secret): the warning that it
 * will not be shown again, the secret as code, and Copy, whose outcome a screen reader hears too.
 * The server keeps only a hash or an encrypted copy: once its dialog closes, nobody can show it again.
 */
export function SecretOnce({
  id,
  secret,
  texts,
  label,
  copyButton,
}: {
  /** Names the warning (`<id>-warning`) and the secret's test id (`<id>`). */
  id: string;
  secret: string;
  texts: SecretOnceTexts;
  /** A label above the secret, if its dialog wants one. */
  label?: string;
  /** The dialog focuses Copy when it opens. */
  copyButton: Ref<HTMLButtonElement>;
}) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // No clipboard (an insecure origin, a refused permission): the secret is still there to select.
      setCopy('failed');
    }
  };
  return (
    <>
      <Alert variant="warning" className="d-flex gap-2 align-items-start">
        <Icon svg={exclamationTriangleIcon} className="flex-shrink-0 mt-1" />
        <strong id={`${id}-warning`}>{texts.warning}</strong>
      </Alert>
      {label && <p className="form-label fw-semibold mb-1">{label}</p>}
      <div className="d-flex flex-column flex-sm-row gap-2 align-items-stretch mb-2">
        <code className="secret-once flex-grow-1" data-testid={id}>
          {secret}
        </code>
        <Button
          ref={copyButton}
          variant={copy === 'copied' ? 'success' : 'primary'}
          className="text-nowrap align-self-sm-start"
          onClick={() => void copySecret()}
          aria-describedby={`${id}-warning`}
        >
          <Icon svg={copy === 'copied' ? checkLgIcon : clipboardIcon} className="me-2" />
          {copy === 'copied' ? texts.copied : texts.copy}
        </Button>
      </div>
      <p className="small mb-3" role="status">
        {/* The button already says 'Copied' on screen; this says it to a screen reader. */}
        {copy === 'copied' && <span className="visually-hidden">{texts.copied}</span>}
        {copy === 'failed' && <span className="text-danger-emphasis">{texts.copyFailed}</span>}
      </p>
    </>
  );
}
