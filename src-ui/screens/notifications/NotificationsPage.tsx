/**
 * Notifications (not in the spec; docs/decisions.md: Notifications by mail): which mails the user
 * gets. Checkboxes for each kind, the locations they apply to, and the daily digest. Read through
 * the data worker (saved copy offline); saved with a connection only. Task mails and new requests
 * are offered only to full-access users, who may open tasks and triage requests (the server refuses
 * them to the others).
 */
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { MultiSelect } from 'primereact/multiselect';
import { useEffect, useState, type FormEvent } from 'react';
import type { NotificationSettings } from '../../../shared/api/notifications';
import { OFFLINE_BANNERS, SCREEN_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { msg } from '../../../shared/i18n/translate';
import { Loading } from '../../components/Loading';
import { useT } from '../../i18n/language';
import { SavedDataNotice, WarningNotice } from '../../components/Notices';
import { useLocationOptions } from '../../kit/location-options';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { useCurrentUser, useWorkerRead } from '../../state/hooks';
import { showToast } from '../../state/toasts';

type Flag = 'order_created' | 'order_claimed' | 'order_completed' | 'task_due' | 'request_created' | 'part_short' | 'digest';

const CHOICES: { flag: Flag; label: string; fullAccess?: true }[] = [
  { flag: 'order_created', label: msg('A work order is created at my locations') },
  { flag: 'order_claimed', label: msg('A work order I created is claimed') },
  { flag: 'order_completed', label: msg('A work order I created is completed') },
  { flag: 'task_due', label: msg('A maintenance task at my locations becomes due or past due'), fullAccess: true },
  { flag: 'request_created', label: msg('New requests: someone reports a problem from a label at my locations'), fullAccess: true },
  { flag: 'part_short', label: msg('A part runs short or under its reorder point at my locations'), fullAccess: true },
];

export function NotificationsPage() {
  const t = useT();
  const user = useCurrentUser();
  const fullAccess = Boolean(user && (user.full_feature_access || user.is_staff));
  const read = useWorkerRead('notifications', (worker) => worker.notifications.get());
  const { options, warning } = useLocationOptions();
  const [values, setValues] = useState<NotificationSettings | null>(null);
  const [errors, setErrors] = useState<{ locations?: string; task_due?: string; request_created?: string; part_short?: string }>({});
  const [saving, setSaving] = useState(false);

  // The form starts from the settings read; a later read does not overwrite what is being edited.
  const loaded = read.result?.data ?? null;
  useEffect(() => {
    if (loaded && !values) setValues({ ...loaded, locations: [...loaded.locations] });
  }, [loaded, values]);

  if (!values) {
    if (read.error) return <WarningNotice text={messageForScreen(read.error, SCREEN_MESSAGES.notifications.load)} />;
    return <Loading />;
  }

  const toggle = (flag: Flag, on: boolean) => setValues((v) => (v ? { ...v, [flag]: on } : v));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setSaving(true);
    try {
      const result = await callWorker((worker) => worker.notifications.save(values));
      setErrors({});
      if (result.status === 'done') setValues({ ...result.data, locations: [...result.data.locations] });
      showToast({ severity: 'success', detail: t(result.message) });
    } catch (err) {
      setErrors({
        locations: fieldError(err, 'locations') ?? undefined,
        task_due: fieldError(err, 'task_due') ?? undefined,
        request_created: fieldError(err, 'request_created') ?? undefined,
        part_short: fieldError(err, 'part_short') ?? undefined,
      });
      showToast({ severity: 'error', detail: t(messageForScreen(err, SCREEN_MESSAGES.notifications.save)) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="narrow panel notifications-page">
      <h1>{t('Notifications')}</h1>
      {read.result?.fromCache ? <SavedDataNotice text={OFFLINE_BANNERS.savedData} cachedAt={read.result.cachedAt} /> : null}
      {warning}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="notification-choices">
          <legend>{t('Mail me when')}</legend>
          {CHOICES.filter((c) => !c.fullAccess || fullAccess || values[c.flag]).map((c) => (
            <div className="field-checkbox" key={c.flag}>
              {/* A copy of the settings saved before request_created or part_short existed lacks it: unchecked. */}
              <Checkbox inputId={`notify-${c.flag}`} checked={values[c.flag] ?? false} onChange={(e) => toggle(c.flag, Boolean(e.checked))} />
              <label htmlFor={`notify-${c.flag}`}>{t(c.label)}</label>
            </div>
          ))}
          {[errors.task_due, errors.request_created, errors.part_short].map((error) =>
            error ? (
              <small className="p-error" role="alert" key={error}>
                {t(error)}
              </small>
            ) : null,
          )}
        </fieldset>
        <div className="field">
          <label htmlFor="notify-locations">{t('My locations')}</label>
          <MultiSelect
            inputId="notify-locations"
            value={values.locations}
            options={options}
            onChange={(e) => setValues((v) => (v ? { ...v, locations: (e.value as number[]).slice() } : v))}
            display="chip"
            filter
            placeholder={t('Choose locations')}
            aria-describedby={errors.locations ? 'notify-locations-error notify-locations-hint' : 'notify-locations-hint'}
            aria-invalid={errors.locations ? true : undefined}
            className="w-full"
          />
          <small id="notify-locations-hint">{t('New work orders, due tasks and new requests at these locations are mailed.')}</small>
          {errors.locations ? (
            <small id="notify-locations-error" className="p-error" role="alert">
              {t(errors.locations)}
            </small>
          ) : null}
        </div>
        <div className="field-checkbox">
          <Checkbox inputId="notify-digest" checked={values.digest} onChange={(e) => toggle('digest', Boolean(e.checked))} />
          <label htmlFor="notify-digest">{t('One digest mail a day instead of a mail each time')}</label>
        </div>
        <p className="form-hint">{t('Every mail has a link that stops them all in one click.')}</p>
        <Button type="submit" label={saving ? t('Saving...') : t('Save')} icon="pi pi-check" disabled={saving} />
      </form>
    </section>
  );
}
