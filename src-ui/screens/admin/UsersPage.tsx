/**
 * Users (staff only): the team's accounts with search and pages of 10, each with its state and the
 * changes a staff user may make to it (user-actions.ts), every one confirmed in a dialog and
 * answered with a toast; the card then shows the server's answer. Saved for offline reading; the
 * changes need a connection and say so.
 */
import { Button } from 'primereact/button';
import { useEffect, useState } from 'react';
import { HourlyRateForm, type AdminUser } from '../../../shared/api/admin';
import { NOT_FOUND_MESSAGES, OFFLINE_BANNERS, SCREEN_MESSAGES } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { homeFor } from '../../app/navigation';
import { LinkButton } from '../../components/LinkButton';
import { formatDateTime, formatPrice, fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { ConfirmDialog, type Confirmation } from '../../kit/ConfirmDialog';
import { DetailRows } from '../../kit/DetailRows';
import { FormDialog } from '../../kit/FormDialog';
import { NumberField } from '../../kit/FormFields';
import { showInvalidForm, showRefusal, useSchemaForm } from '../../kit/form';
import { HistorySection } from '../../kit/HistorySection';
import { ListScreen, type ListDef, type ListItemTools } from '../../kit/ListScreen';
import type { ListQueryDef } from '../../kit/list-query';
import { callWorker } from '../../state/bridge';
import { useCurrentUser } from '../../state/hooks';
import { showToast } from '../../state/toasts';
import { actionText, awaitsActivation, userActions, type UserAction } from './user-actions';

export const USER_LIST: ListQueryDef = { path: '/admin/users', searchParam: 'search' };

const LIST: ListDef<AdminUser> = {
  ...USER_LIST,
  area: 'admin',
  read: (worker, query) => worker.admin.users({ page: query.page, search: query.search }),
  texts: {
    title: msg('Users'),
    searchPlaceholder: msg('Name or email'),
    itemsLabel: msg('Users'),
    loading: msg('Loading users...'),
    empty: NOT_FOUND_MESSAGES.admin.users,
    failure: SCREEN_MESSAGES.admin.loadUsers,
    saved: OFFLINE_BANNERS.savedData,
  },
};

function UserState({ user }: { user: AdminUser }) {
  const t = useT();
  if (user.is_active) return <span className="wo-status user-state-active">{t('Active')}</span>;
  if (awaitsActivation(user)) return <span className="wo-status user-state-waiting">{t('Awaiting activation')}</span>;
  return <span className="wo-status user-state-inactive">{t('Inactive')}</span>;
}

function confirmationFor(action: UserAction, user: AdminUser): Confirmation<AdminUser | null> {
  const text = actionText(action, user);
  return {
    header: text.header,
    question: text.question,
    confirm: text.confirm,
    danger: text.danger ?? false,
    failure: action.kind === 'mail' ? SCREEN_MESSAGES.admin.mailUser : SCREEN_MESSAGES.admin.changeUser,
    // A mail changes nothing on the card: its answer (the server's words) is only toasted.
    send: async (worker) => {
      if (action.kind === 'change') return worker.admin.changeUser(user.id, action.change);
      const result = await worker.admin.mailUser(user.id, action.mail);
      return result.status === 'done' ? { ...result, data: null } : result;
    },
  };
}

function UserCard({ user, actorId, list }: { user: AdminUser; actorId: number | null; list: ListItemTools<AdminUser> }) {
  const t = useT();
  const yesNo = (flag: boolean) => (flag ? t('Yes') : t('No'));
  const [open, setOpen] = useState<Confirmation<AdminUser | null> | null>(null);
  const [showHistory, setShowHistory] = useState(false);
  const [editingRate, setEditingRate] = useState(false);
  const name = fullName(user) || user.email;
  const headingId = `user-${user.id}-name`;
  const historyId = `user-${user.id}-history`;
  return (
    <article className="wo-card admin-card" aria-labelledby={headingId}>
      <div className="wo-card-head">
        <h2 id={headingId} className="wo-card-location admin-card-title">
          {name}
          {user.id === actorId ? <span className="admin-you"> {t('(you)')}</span> : null}
        </h2>
        <UserState user={user} />
      </div>
      <p className="admin-card-email">{user.email}</p>
      <DetailRows
        rows={[
          [msg('Active'), yesNo(user.is_active)],
          [msg('Full access'), yesNo(user.full_feature_access)],
          [msg('Staff'), yesNo(user.is_staff)],
          // Not in the spec: what this user's labour costs an hour (docs/decisions.md: What the work costs).
          [msg('Hourly rate'), formatPrice(user.hourly_rate)],
          [msg('Last login'), user.last_login ? formatDateTime(user.last_login) : t('Never')],
          [msg('Joined'), formatDateTime(user.date_joined)],
        ]}
      />
      <div className="button-row admin-actions">
        {userActions(user, actorId).map((action) => {
          const text = actionText(action, user);
          return <Button key={text.label} type="button" size="small" outlined label={t(text.label)} icon={text.icon} onClick={() => setOpen(confirmationFor(action, user))} />;
        })}
        <Button type="button" size="small" outlined label={t('Hourly rate')} icon="pi pi-dollar" onClick={() => setEditingRate(true)} />
        {/* The account's history (docs/decisions.md: History on every record): shown on demand, one card at a time being read. */}
        <Button
          type="button"
          size="small"
          text
          label={showHistory ? t('Hide history') : t('History')}
          icon="pi pi-history"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((shown) => !shown)}
        />
      </div>
      <div id={historyId}>{showHistory ? <HistorySection area="users" id={user.id} record={user} level={3} /> : null}</div>
      <ConfirmDialog open={open} onClose={() => setOpen(null)} onDone={(answer) => answer && list.show(answer)} onRefused={list.reload} />
      <HourlyRateDialog user={editingRate ? user : null} onClose={() => setEditingRate(false)} onDone={list.show} />
    </article>
  );
}

/** The rate labour entries keep from now on; entries already made keep theirs. Needs a connection, like every change here. */
function HourlyRateDialog({ user, onClose, onDone }: { user: AdminUser | null; onClose: () => void; onDone: (user: AdminUser) => void }) {
  const t = useT();
  const form = useSchemaForm<{ hourly_rate: number | null }>(HourlyRateForm, { hourly_rate: user?.hourly_rate ?? null }, (v) => ({ hourly_rate: v.hourly_rate }));
  useEffect(() => {
    if (user) form.reset({ hourly_rate: user.hourly_rate });
  }, [user, form]);
  const submit = form.handleSubmit(async ({ hourly_rate }) => {
    if (!user) return;
    try {
      const result = await callWorker((worker) => worker.admin.setHourlyRate(user.id, hourly_rate ?? 0));
      showToast({ severity: result.status === 'done' ? 'success' : 'info', detail: t(result.message) });
      if (result.status === 'done') onDone(result.data);
      onClose();
    } catch (err) {
      showRefusal(form, err, SCREEN_MESSAGES.admin.changeUser);
    }
  }, showInvalidForm);
  return (
    <FormDialog header={user ? t('Hourly rate of {name}', { name: fullName(user) || user.email }) : ''} visible={user !== null} busy={form.formState.isSubmitting} submitLabel={t('Save')} width="24rem" onClose={onClose} onSubmit={submit}>
      <NumberField control={form.control} name="hourly_rate" id={`hourly-rate-${user?.id ?? 0}`} label={t('Per hour')} min={0} step="any" hint={t('Time recorded from now on keeps this rate; earlier entries keep theirs.')} required />
    </FormDialog>
  );
}

export function UsersPage() {
  const t = useT();
  const me = useCurrentUser();
  return (
    <ListScreen
      def={LIST}
      back={me ? homeFor(me) : '/'}
      actions={<LinkButton href="/admin/contact-messages" label={t('Messages')} icon="pi pi-inbox" />}
      renderItem={(user, _query, list) => <UserCard user={user} actorId={me?.id ?? null} list={list} />}
    />
  );
}
