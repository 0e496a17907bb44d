/** Banners above a list or detail: data from the saved cache, and a failed refresh over shown data. */
import { Message } from 'primereact/message';
import { formatDateTime } from '../format/display';

export function SavedDataNotice({ text, cachedAt }: { text: string; cachedAt: string | null }) {
  return (
    <div className="notice">
      <Message
        severity="info"
        role="status"
        content={
          <span>
            {text}
            {cachedAt ? <> Last updated {formatDateTime(cachedAt)}.</> : null}
          </span>
        }
      />
    </div>
  );
}

export function WarningNotice({ text }: { text: string }) {
  return (
    <div className="notice">
      <Message severity="warn" text={text} />
    </div>
  );
}
