/**
 * A button that saves a file the server makes (a CSV export, a sheet of labels): read by the data
 * worker, which holds the token, and saved under the server's file name. Without a connection it
 * is disabled and says why beside it; nothing is queued (files are made by the server, now).
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { messageForScreen } from '../../shared/data/messages';
import type { BinaryAnswer } from '../../shared/data/protocol';
import { useT } from '../i18n/language';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { useIsOffline } from '../state/hooks';
import { showToast } from '../state/toasts';
import { saveFile } from './save-file';

/** The texts are English (the catalogue's ids, e.g. `msg('Export CSV')`) and said here in the active language. */
export interface DownloadButtonProps {
  /** Makes the hint's id unique on the screen. */
  id: string;
  label: string;
  busyLabel: string;
  icon: string;
  /** The name to save under when the server names none. */
  fileName: string;
  mimeType: string;
  /** Said beside the disabled button while offline. */
  needsConnection: string;
  /** The toast when the server refuses without a text of its own. */
  failure: { summary?: string; detail: string };
  download(worker: WorkerRemote): Promise<BinaryAnswer>;
}

export function DownloadButton({ id, label, busyLabel, icon, fileName, mimeType, needsConnection, failure, download }: DownloadButtonProps) {
  const t = useT();
  const offline = useIsOffline();
  const [busy, setBusy] = useState(false);
  const hintId = `${id}-needs-connection`;

  const save = async () => {
    setBusy(true);
    try {
      const answer = await callWorker(download);
      saveFile(answer, answer.fileName ?? fileName, mimeType);
    } catch (err) {
      showToast({ severity: 'error', ...(failure.summary ? { summary: t(failure.summary) } : {}), detail: messageForScreen(err, t(failure.detail)) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="export-action">
      <Button type="button" label={busy ? t(busyLabel) : t(label)} icon={icon} outlined onClick={() => void save()} disabled={busy || offline} aria-describedby={offline ? hintId : undefined} />
      {offline ? (
        <small id={hintId} className="field-hint">
          {t(needsConnection)}
        </small>
      ) : null}
    </span>
  );
}
