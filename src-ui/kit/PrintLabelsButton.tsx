/**
 * "Print labels" (docs/decisions.md: Labels and scanning; not in the spec, so it adds to a screen and
 * changes nothing of it): a sheet of QR labels made by the server, read by the data worker (it holds
 * the token) and saved under the server's file name, to print on Avery 5160 sheets. Without a
 * connection the button is disabled and says why; nothing is queued.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import { LABELS_NEED_CONNECTION } from '../../shared/api/labels';
import { messageForScreen } from '../../shared/data/messages';
import type { BinaryAnswer } from '../../shared/data/protocol';
import { callWorker, type WorkerRemote } from '../state/bridge';
import { useIsOffline } from '../state/hooks';
import { showToast } from '../state/toasts';
import { saveFile } from './save-file';

const FAILED = 'Failed to make the labels.';

export function PrintLabelsButton({ id, label = 'Print labels', fileName, download }: { id: string; label?: string; fileName: string; download: (api: WorkerRemote) => Promise<BinaryAnswer> }) {
  const offline = useIsOffline();
  const [busy, setBusy] = useState(false);
  const hintId = `${id}-needs-connection`;

  const print = async () => {
    setBusy(true);
    try {
      const answer = await callWorker(download);
      saveFile(answer, answer.fileName ?? fileName, 'application/pdf');
    } catch (err) {
      showToast({ severity: 'error', detail: messageForScreen(err, FAILED) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="export-action">
      <Button
        type="button"
        label={busy ? 'Preparing...' : label}
        icon="pi pi-print"
        outlined
        onClick={() => void print()}
        disabled={busy || offline}
        aria-describedby={offline ? hintId : undefined}
      />
      {offline ? (
        <small id={hintId} className="field-hint">
          {LABELS_NEED_CONNECTION}
        </small>
      ) : null}
    </span>
  );
}
