import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from '../lib/use-translation';
import type { DownloadProgress as Progress } from '../lib/download';

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A download's progress (lib/download.ts): a bar with the percentage when the total is known, else an
 * animated bar and the size so far. Its texts are the shell's (`app.download.*`), the same for every download.
 */
export function DownloadProgress({ progress, label }: { progress: Progress | null; label: string }) {
  const { t } = useTranslation();
  if (!progress) return null;
  const percent = progress.fraction === null ? null : Math.floor(progress.fraction * 100);
  return (
    <div className="download-progress mt-2" role="status" aria-live="polite" data-testid="download-progress">
      {/* A new bar when the total becomes known, so that it does not slide back from the full-width waiting bar. */}
      <ProgressBar
        key={percent === null ? 'waiting' : 'known'}
        now={percent ?? 100}
        animated={percent === null}
        striped={percent === null}
        label={percent === null ? undefined : `${percent} %`}
        aria-label={label}
        style={{ height: '1.1rem' }}
      />
      <div className="small text-body-secondary mt-1">
        {percent === null ? t('app.download.running') : t('app.download.progress', { percent })}
        {progress.receivedBytes > 0 && <> · {t('app.download.received', { size: size(progress.receivedBytes) })}</>}
      </div>
    </div>
  );
}
