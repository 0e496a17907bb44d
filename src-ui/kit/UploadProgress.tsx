/**
 * How far the files of a form being sent now have got (a work order's photos, an asset's
 * thumbnail): the data worker reports the bytes sent (DataState.upload). Shown only by the form
 * that is submitting, since another tab's upload is not this form's.
 */
import { ProgressBar } from 'primereact/progressbar';
import { useSnapshot } from 'valtio';
import { formatBytes } from '../format/display';
import { useT } from '../i18n/language';
import { store } from '../state/store';

export function UploadProgress({ submitting }: { submitting: boolean }) {
  const t = useT();
  const upload = useSnapshot(store).upload;
  if (!submitting || !upload || upload.total <= 0) return null;
  const percent = Math.min(100, Math.floor((100 * upload.sent) / upload.total));
  return (
    <div className="upload-progress">
      <ProgressBar value={percent} showValue={false} aria-label={t('Uploading files')} />
      <span>{t('Uploading files: {sent} of {total} ({percent}%)', { sent: formatBytes(upload.sent), total: formatBytes(upload.total), percent: String(percent) })}</span>
    </div>
  );
}
