import { eppCertificateRules, type EppCertificateSlot } from '@registrar-panel/contract';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from '../../../lib/use-translation';
import { FieldError, invalidAria } from '../../../components/form-field';
import { alerts } from '../../../lib/alerts';
import { ApiError } from '../../../lib/api-client';
import { messageText } from '../../../lib/form';
import { useUploadCertificate } from '../api/upload-certificate';

/** The largest file read: a PEM certificate is far smaller; the server bounds the text again. */
const maxFileBytes = eppCertificateRules.maxPemCharacters;

/**
 * Uploads a certificate into the slot, chosen as a file or pasted. Whatever the server refuses
 * (each check has its message) shows on the field; nothing is checked here that the server does not.
 */
export function CertificateUploadForm({ slot, replaces, onDone }: { slot: EppCertificateSlot; replaces: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [pem, setPem] = useState('');
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadCertificate();
  const id = `certificate-${slot}-pem`;
  const fileId = `certificate-${slot}-file`;

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > maxFileBytes) {
      setError(t('epp.security.certificates.form.fileTooLarge'));
      return;
    }
    setPem(await file.text());
    setError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pem.trim() === '') {
      setError(t('validation.required'));
      document.getElementById(id)?.focus();
      return;
    }
    try {
      await upload.mutateAsync({ slot, pem, replaces });
      alerts.success(t(replaces ? 'epp.security.certificates.replaced' : 'epp.security.certificates.saved'));
      onDone();
    } catch (failure) {
      const refusal = failure instanceof ApiError ? failure.messages[0] : undefined;
      if (!refusal) return;
      setError(messageText(refusal));
      document.getElementById(id)?.focus();
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} className="mt-3" data-testid={`certificate-form-${slot}`}>
      <Form.Group className="mb-3" controlId={fileId}>
        <Form.Label>{t('epp.security.certificates.form.file')}</Form.Label>
        <Form.Control
          type="file"
          accept=".pem,.crt,.cer,.txt,application/x-pem-file"
          onChange={(event) => void chooseFile(event as ChangeEvent<HTMLInputElement>)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{t('epp.security.certificates.form.pem')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={6}
          className="font-monospace small"
          spellCheck={false}
          autoComplete="off"
          placeholder={'-----BEGIN CERTIFICATE-----\n…\n-----END CERTIFICATE-----'}
          value={pem}
          isInvalid={Boolean(error)}
          {...invalidAria(id, error, `${id}-help`)}
          onChange={(event) => {
            setPem(event.target.value);
            setError(undefined);
          }}
        />
        <FieldError controlId={id} error={error} />
        <Form.Text id={`${id}-help`}>{t('epp.security.certificates.form.help')}</Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" disabled={upload.isPending}>
          {t('epp.security.certificates.form.submit')}
        </Button>
        <Button variant="outline-secondary" onClick={onDone}>
          {t('epp.security.certificates.form.cancel')}
        </Button>
      </div>
    </Form>
  );
}
