import type { Envelope, Message, ReconciliationRun } from '@registrar-panel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { alerts } from '../../../lib/alerts';
import { alertMessages, apiPath, authHeaders, internalErrorText } from '../../../lib/api-client';
import { authSession } from '../../../lib/auth';
import { noteAccessRefused } from '../../../lib/registrar-blocked';
import { registrationKeys } from './query-keys';

/** Where an upload is: the file's bytes on their way (a share of them), then the server comparing. */
export type UploadProgress = { phase: 'sending'; fraction: number } | { phase: 'comparing' };

/**
 * Sends the file as the request's body (`text/csv`), the way the server streams it into the
 * database. Through XMLHttpRequest rather than fetch: only it tells how much of a request body has
 * gone out, which the progress bar shows. Errors follow the error catalogue (alerts); the promise
 * gives the finished run, or null when the upload failed (the user has been told why).
 */
function sendFile(file: File, onProgress: (progress: UploadProgress) => void): Promise<ReconciliationRun | null> {
  return authHeaders().then(
    (headers) =>
      new Promise((resolve) => {
        const request = new XMLHttpRequest();
        request.open('POST', apiPath('startReconciliation', { query: { fileName: file.name } }));
        for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
        request.setRequestHeader('content-type', 'text/csv');
        request.setRequestHeader('accept', 'application/json');
        request.upload.onprogress = (event) => {
          if (event.lengthComputable) onProgress({ phase: 'sending', fraction: event.total > 0 ? event.loaded / event.total : 1 });
        };
        request.upload.onload = () => onProgress({ phase: 'comparing' });
        request.onerror = () => {
          alerts.error(internalErrorText());
          resolve(null);
        };
        request.onload = () => {
          let body: Partial<Envelope<{ run: ReconciliationRun }>> | null = null;
          try {
            body = JSON.parse(request.responseText) as Partial<Envelope<{ run: ReconciliationRun }>>;
          } catch {
            body = null;
          }
          if (request.status === 401) {
            void authSession.get()?.signInAgain();
            return resolve(null);
          }
          const messages: Message[] = Array.isArray(body?.messages) ? body.messages : [];
          if (request.status !== 201 || !body?.data) {
            if (!noteAccessRefused(messages)) {
              if (messages.length > 0) alertMessages(messages);
              else alerts.error(internalErrorText());
            }
            return resolve(null);
          }
          resolve(body.data.run);
        };
        request.send(file);
      }),
  );
}

/** The upload with its progress; the runs' list is asked again when it ends. */
export function useStartReconciliation() {
  const client = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const start = useCallback(
    async (file: File) => {
      setProgress({ phase: 'sending', fraction: 0 });
      // The list shows the run's server-side phase meanwhile.
      const listing = setTimeout(() => void client.invalidateQueries({ queryKey: registrationKeys.reconciliations }), 1000);
      try {
        return await sendFile(file, setProgress);
      } finally {
        clearTimeout(listing);
        setProgress(null);
        await client.invalidateQueries({ queryKey: registrationKeys.reconciliations });
      }
    },
    [client],
  );
  return { start, progress, running: progress !== null };
}
