import { recordCountHeader, type OperationId } from '@registrar-panel/contract';
import type { RouteOf } from '@registrar-panel/contract/api';
import { useCallback, useRef, useState } from 'react';
import { alerts } from './alerts';
import { alertMessages, apiPath, authHeaders, internalErrorText, type RequestOf } from './api-client';
import { authSession } from './auth';
import { noteAccessRefused } from './registrar-blocked';

/** How far a download is: bytes so far, and the share done when the server said how much is coming. */
export interface DownloadProgress {
  receivedBytes: number;
  /** 0 to 1, or null when the size is unknown. */
  fraction: number | null;
}

/** The operations that answer a CSV file. */
export type CsvOperationId = { [Id in OperationId]: RouteOf<Id>['answer'] extends { readonly kind: 'csv' } ? Id : never }[OperationId];

export interface DownloadOptions {
  /** The name the browser saves the file under. */
  fileName: string;
  onProgress?: (progress: DownloadProgress) => void;
  /** Alert text when the error body holds no messages. */
  fallbackError?: string;
}

const newline = 10;

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(newline); i !== -1; i = chunk.indexOf(newline, i + 1)) count++;
  return count;
}

/** Hands a blob to the browser as a file download. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken its copy once the click is handled; give it a moment before freeing.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from the API with the bearer token and saves it under `fileName`.
 * It does not raise the spinner overlay: the page stays usable and the caller shows `onProgress`.
 * Progress comes from Content-Length, or for a streamed CSV from the record count the server
 * announces (one record per line after the header). Errors follow the error catalogue.
 * Returns false when the download failed (the user has been told why).
 */
export async function downloadFile(address: string, options: DownloadOptions): Promise<boolean> {
  const fallback = () => {
    alerts.error(options.fallbackError ?? internalErrorText());
    window.scrollTo({ top: 0 });
    return false;
  };
  try {
    const response = await fetch(address, { headers: await authHeaders() });
    if (response.status === 401) {
      await authSession.get()?.signInAgain();
      return false;
    }
    if (!response.ok || !response.body) {
      const messages = await response
        .json()
        .then((body: { messages?: unknown }) => (Array.isArray(body.messages) ? (body.messages as Parameters<typeof alertMessages>[0]) : []))
        .catch(() => []);
      if (noteAccessRefused(messages)) return false;
      if (messages.length === 0) return fallback();
      alertMessages(messages);
      return false;
    }
    const totalBytes = Number(response.headers.get('content-length') ?? 0);
    const totalRecords = response.headers.has(recordCountHeader) ? Number(response.headers.get(recordCountHeader)) : null;
    const chunks: Uint8Array[] = [];
    let receivedBytes = 0;
    let lines = 0;
    const reader = response.body.getReader();
    options.onProgress?.({ receivedBytes: 0, fraction: totalBytes > 0 || totalRecords !== null ? 0 : null });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      receivedBytes += value.byteLength;
      let fraction: number | null = null;
      if (totalBytes > 0) fraction = receivedBytes / totalBytes;
      else if (totalRecords !== null) {
        lines += countNewlines(value);
        // The header line is not a record; an empty report is done as soon as its header is in.
        fraction = totalRecords === 0 ? 1 : Math.max(0, lines - 1) / totalRecords;
      }
      options.onProgress?.({ receivedBytes, fraction: fraction === null ? null : Math.min(1, fraction) });
    }
    saveBlob(new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' }), options.fileName);
    options.onProgress?.({ receivedBytes, fraction: 1 });
    return true;
  } catch {
    return fallback();
  }
}

/** A file operation's path parameters and query (typed by its table entry), the name to save under and the text of a failure. */
export type DownloadRequest<Id extends CsvOperationId> = RequestOf<Id> & Omit<DownloadOptions, 'onProgress'>;

export interface DownloadState {
  running: boolean;
  progress: DownloadProgress | null;
  /** Starts downloading an operation's file unless a download is running already. */
  start: <Id extends CsvOperationId>(operationId: Id, request: DownloadRequest<Id>) => Promise<boolean>;
}

/** A download with its progress as React state, one at a time. */
export function useDownload(): DownloadState {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  // Typed by DownloadState: the compiler gives up comparing an inferred generic callback with it (too complex a union).
  const start = useCallback<DownloadState['start']>(async (operationId, request) => {
    if (busy.current) return false;
    const { fileName, fallbackError } = request;
    busy.current = true;
    setRunning(true);
    setProgress({ receivedBytes: 0, fraction: null });
    try {
      // The request's type was checked against the entry at the call; here `Id` is any file operation.
      const address = (apiPath as (id: CsvOperationId, request: object) => string)(operationId, request);
      return await downloadFile(address, { fileName, fallbackError, onProgress: setProgress });
    } finally {
      busy.current = false;
      setRunning(false);
      setProgress(null);
    }
  }, []);
  return { running, progress, start };
}
