/**
 * Contact messages (staff only): what visitors and users sent through Contact Us, newest first, in
 * pages of 10, each read or unread with the button that turns it the other way (sent now, answered
 * with a toast; the card shows the server's answer). Saved for offline reading.
 */
import { Button } from 'primereact/button';
import { useState } from 'react';
import type { AdminContactMessage } from '../../../shared/api/admin';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg, tc } from '../../../shared/i18n/translate';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { sendAndTell } from '../../kit/ConfirmDialog';
import { ListScreen, type ListDef, type ListItemTools } from '../../kit/ListScreen';

const LIST: ListDef<AdminContactMessage> = {
  path: '/admin/contact-messages',
  area: 'admin',
  read: (worker, query) => worker.admin.messages({ page: query.page }),
  texts: {
    title: msg('Contact Messages'),
    itemsLabel: msg('Contact messages'),
    loading: msg('Loading contact messages...'),
    empty: NOT_FOUND_MESSAGES.admin.contactMessages,
    failure: SCREEN_MESSAGES.admin.loadMessages,
    saved: OFFLINE_BANNERS.savedData,
  },
};

function MessageCard({ message, list }: { message: AdminContactMessage; list: ListItemTools<AdminContactMessage> }) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const headingId = `message-${message.id}-from`;
  const mark = async () => {
    setSending(true);
    const answer = await sendAndTell((worker) => worker.admin.markMessage(message.id, !message.read), SCREEN_MESSAGES.admin.markMessage);
    setSending(false);
    if (answer) list.show(answer);
  };
  return (
    <article className={`wo-card admin-card${message.read ? '' : ' is-unread'}`} aria-labelledby={headingId}>
      <div className="wo-card-head">
        <h2 id={headingId} className="wo-card-location admin-card-title">
          {message.name}
        </h2>
        <span className={`wo-status ${message.read ? 'message-read' : 'message-unread'}`}>{message.read ? tc('message', 'Read') : t('Unread')}</span>
      </div>
      <div className="wo-meta">
        <a href={`mailto:${message.email}`}>{message.email}</a>
        <span>{formatDateTime(message.created_at)}</span>
      </div>
      <p className="admin-message-text">{message.message}</p>
      <div className="button-row admin-actions">
        <Button
          type="button"
          size="small"
          outlined
          label={sending ? t('Saving...') : message.read ? t('Mark unread') : t('Mark read')}
          icon={message.read ? 'pi pi-eye-slash' : 'pi pi-check'}
          disabled={sending}
          onClick={() => void mark()}
        />
      </div>
    </article>
  );
}

export function ContactMessagesPage() {
  return <ListScreen def={LIST} back="/admin/users" renderItem={(message, _query, list) => <MessageCard message={message} list={list} />} />;
}
