/** Banners above a list or detail: data from the saved cache, and a failed refresh over shown data. */
import { Message } from 'primereact/message';
import { formatDateTime } from '../format/display';
import { useT } from '../i18n/language';

/** `text` is said in the active language (a marked text, or the caller's t()). */
export function SavedDataNotice({ text, cachedAt }: { text: string; cachedAt: string | null }) {
  const t = useT();
  return (
    <div className="notice">
      <Message
        severity="info"
        role="status"
        content={
          <span>
            {t(text)}
            {cachedAt ? <> {t('Last updated {date}.', { date: formatDateTime(cachedAt) })}</> : null}
          </span>
        }
      />
    </div>
  );
}

export function WarningNotice({ text }: { text: string }) {
  const t = useT();
  return (
    <div className="notice">
      <Message severity="warn" text={t(text)} />
    </div>
  );
}
