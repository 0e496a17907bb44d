/**
 * "Print labels" (docs/decisions.md: Labels and scanning; not in the spec, so it adds to a screen and
 * changes nothing of it): a sheet of QR labels made by the server, to print on Avery 5160 sheets.
 */
import { LABELS_NEED_CONNECTION } from '../../shared/api/labels';
import type { BinaryAnswer } from '../../shared/data/protocol';
import { msg } from '../../shared/i18n/translate';
import type { WorkerRemote } from '../state/bridge';
import { DownloadButton } from './DownloadButton';

export function PrintLabelsButton({ id, label = msg('Print labels'), fileName, download }: { id: string; label?: string; fileName: string; download: (worker: WorkerRemote) => Promise<BinaryAnswer> }) {
  return (
    <DownloadButton
      id={id}
      label={label}
      busyLabel={msg('Preparing...')}
      icon="pi pi-print"
      fileName={fileName}
      mimeType="application/pdf"
      needsConnection={LABELS_NEED_CONNECTION}
      failure={{ detail: msg('Failed to make the labels.') }}
      download={download}
    />
  );
}
