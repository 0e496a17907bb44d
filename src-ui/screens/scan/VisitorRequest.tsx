/**
 * A label's link opened by someone without an account (docs/decisions.md: Requests at the label):
 * "Report a problem" for the label's place, with a description, an optional photo (fitted on the
 * device) and optional contact details, and what happens next. After sending, the link of the
 * report's status page. Staff sign in from here and the label then opens its record as before.
 *
 * Offline: the form opens for any label already opened on this phone (and for others, without the
 * place's name), and a report sent without a connection is kept on the phone and sent once when it
 * returns (background sync, a tab coming online, or the next visit). The reports kept here are
 * listed under the form with what became of each, so the status page's link is found again.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { RequestForm } from '../../../shared/api/requests';
import type { KeptReport, ReportSent } from '../../../shared/areas/requests';
import { VISITOR_REPORTS_SYNC_TAG } from '../../../shared/data/bus';
import { IMAGE_ACCEPT } from '../../../shared/data/attachments';
import { msg, tc, type Translate } from '../../../shared/i18n/translate';
import { QUEUED_MESSAGES, SCREEN_MESSAGES, SUCCESS_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../../shared/rules/email-address';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { formatDateTime } from '../../format/display';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { useSynced } from '../../state/hooks';
import { requestBackgroundSync } from '../../sw/registration';
import { rememberScanForLogin } from './scan-target';

export const VISITOR_TEXTS = {
  title: msg('Report a problem'),
  next: msg('The maintenance team reviews every report. After sending, keep the link we show you to follow what becomes of it.'),
  notTaken: msg('This label does not take reports. Please tell the staff on site.'),
  staff: msg('Staff: sign in to open this record'),
  another: msg('Report another problem'),
  follow: msg('Follow your report'),
  unknownPlace: msg("You're offline: this label's place will be checked when your report is sent."),
  keptTitle: msg('Your reports from this phone'),
  waiting: msg('Waiting for a connection'),
  refused: msg('Not taken: {reason}'),
} as const;

/** The form's line saying where the label is (in the active language: it is also kept with a report sent offline). */
const placeLine = (form: RequestForm, t: Translate) => (form.asset ? t('{asset}, at {location}', { asset: form.asset.name, location: form.location.name }) : form.location.name);

/** A sent report's status page, as a path of this app (the server gives it under PUBLIC_URL). */
const statusPathOf = (statusUrl: string) => new URL(statusUrl).pathname;

/**
 * The reports kept on this phone, and sending those that wait: on opening (the next visit sends
 * what an earlier one kept), and again whenever the data worker or the service worker sent some.
 */
function useKeptReports(): KeptReport[] {
  const [reports, setReports] = useState<KeptReport[]>([]);
  const [seen, setSeen] = useState(0);
  useSynced('requests', 'any', () => setSeen((n) => n + 1));
  useEffect(() => {
    let current = true;
    callWorker((worker) => (seen === 0 ? worker.requests.sendKept() : worker.requests.keptReports())).then(
      (rows) => {
        if (!current) return;
        setReports(rows);
        if (rows.some((r) => r.state === 'waiting')) void requestBackgroundSync(VISITOR_REPORTS_SYNC_TAG);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [seen]);
  return reports;
}

function KeptReports({ reports }: { reports: KeptReport[] }) {
  const t = useT();
  if (reports.length === 0) return null;
  return (
    <section className="panel kept-reports" aria-labelledby="kept-reports-title">
      <h2 id="kept-reports-title">{t(VISITOR_TEXTS.keptTitle)}</h2>
      <ul>
        {reports.map((report) => (
          <li key={report.key} className="kept-report" data-state={report.state}>
            <span className="kept-report-text">
              {formatDateTime(report.createdAt)}
              {report.place ? ` · ${report.place}` : ''}: {report.description}
            </span>{' '}
            {report.state === 'sent' && report.taken ? (
              <Link href={statusPathOf(report.taken.status_url)}>{t('Follow your report (#{id})', { id: report.taken.id })}</Link>
            ) : report.state === 'waiting' ? (
              <span className="kept-report-state">{t(VISITOR_TEXTS.waiting)}</span>
            ) : (
              <span className="kept-report-state">{t(VISITOR_TEXTS.refused, { reason: report.refusal ? t(report.refusal) : '' })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type Fields = 'description' | 'name' | 'email' | 'phone';
const EMPTY: Record<Fields | 'website', string> = { description: '', name: '', email: '', phone: '', website: '' };

const newKey = () => `request-${crypto.randomUUID()}`;

export function VisitorRequest({ code }: { code: string }) {
  const t = useT();
  const [, navigate] = useLocation();
  // null while it loads; `form` null when offline and this label was never opened here.
  const [place, setPlace] = useState<{ form: RequestForm | null } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Fields | 'photo', string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ key: string; outcome: ReportSent } | null>(null);
  const kept = useKeptReports();
  // One key per report: a send repeated after a failure is the one request.
  const [key, setKey] = useState(newKey);

  useEffect(() => {
    let current = true;
    callWorker((worker) => worker.requests.form(code)).then(
      (form) => current && setPlace({ form }),
      (err: unknown) => current && setRefusal(messageForScreen(err, SCREEN_MESSAGES.requests.loadForm)),
    );
    return () => {
      current = false;
    };
  }, [code]);

  const signIn = () => {
    rememberScanForLogin(code);
    navigate('/login');
  };
  const set = (field: Fields | 'website') => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Fields, string>> = {};
    if (!values.description.trim()) next.description = t(REQUIRED_TEXT);
    if (values.email.trim() && plainEmailAddress(values.email) === null) next.email = t(INVALID_EMAIL_MESSAGE);
    setErrors(next);
    if (Object.keys(next).length) return;
    setSending(true);
    try {
      const chosen = photo ? { name: photo.name || 'photo', type: photo.type || 'application/octet-stream', blob: photo } : null;
      const where = place?.form ? placeLine(place.form, t) : '';
      const outcome = await callWorker((worker) => worker.requests.send({ code, ...values, photo: chosen, key }, where));
      if (outcome.state === 'kept') void requestBackgroundSync(VISITOR_REPORTS_SYNC_TAG);
      setSent({ key, outcome });
    } catch (err) {
      setErrors({ description: fieldError(err, 'description') ?? undefined, email: fieldError(err, 'email') ?? undefined, phone: fieldError(err, 'phone') ?? undefined, photo: fieldError(err, 'photo') ?? undefined });
      setRefusal(messageForScreen(err, SCREEN_MESSAGES.requests.send));
    } finally {
      setSending(false);
    }
  };

  const staffLink = (
    <div className="button-row visitor-staff">
      <Button type="button" label={t(VISITOR_TEXTS.staff)} icon="pi pi-sign-in" text onClick={signIn} />
    </div>
  );

  if (sent) {
    // A kept report that went meanwhile shows as sent.
    const nowSent = sent.outcome.state === 'sent' ? sent.outcome.taken : (kept.find((r) => r.key === sent.key && r.state === 'sent')?.taken ?? null);
    const refusedLater = kept.find((r) => r.key === sent.key && r.state === 'refused');
    return (
      <>
        <div className="panel visitor-request">
          {nowSent ? (
            <>
              <p className="visitor-outcome" role="status">
                {t(SUCCESS_MESSAGES.requests.sent)}
              </p>
              <p>
                {t('Report #{id}.', { id: nowSent.id })} <Link href={statusPathOf(nowSent.status_url)}>{t(VISITOR_TEXTS.follow)}</Link>: {nowSent.status_url}
              </p>
            </>
          ) : refusedLater ? (
            <p className="visitor-outcome" role="status">
              {t(VISITOR_TEXTS.refused, { reason: refusedLater.refusal ? t(refusedLater.refusal) : '' })}
            </p>
          ) : (
            <p className="visitor-outcome" role="status">
              {t(sent.outcome.state === 'kept' && sent.outcome.busy ? QUEUED_MESSAGES.requests.busy : QUEUED_MESSAGES.requests.send)}
            </p>
          )}
          <Button
            type="button"
            label={t(VISITOR_TEXTS.another)}
            icon="pi pi-plus"
            outlined
            onClick={() => {
              setSent(null);
              setValues(EMPTY);
              setPhoto(null);
              setKey(newKey());
            }}
          />
        </div>
        <KeptReports reports={kept.filter((r) => r.key !== sent.key)} />
      </>
    );
  }
  if (!place) {
    return refusal ? (
      <>
        <div className="notice">
          <Message severity="warn" text={t(refusal)} />
        </div>
        {staffLink}
      </>
    ) : (
      <p className="empty-text" role="status">
        {t('Opening the form...')}
      </p>
    );
  }
  return (
    <>
    <div className="panel visitor-request">
      {place.form ? (
        <p className="visitor-place">{placeLine(place.form, t)}</p>
      ) : (
        <>
          <p className="visitor-place">{t('Label {code}', { code })}</p>
          <div className="notice">
            <Message severity="info" text={t(VISITOR_TEXTS.unknownPlace)} />
          </div>
        </>
      )}
      <p className="field-hint">{t(VISITOR_TEXTS.next)}</p>
      {refusal ? (
        <div className="notice">
          <Message severity="error" text={t(refusal)} />
        </div>
      ) : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="request-description" label={t('What is wrong?')} error={errors.description}>
          <InputTextarea id="request-description" rows={4} value={values.description} onChange={set('description')} required {...fieldAria('request-description', errors.description)} />
        </Field>
        <Field id="request-photo" label={t('Photo (optional)')} error={errors.photo}>
          <input id="request-photo" className="file-input" type="file" accept={IMAGE_ACCEPT} capture="environment" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} {...fieldAria('request-photo', errors.photo)} />
        </Field>
        <Field id="request-name" label={t('Your name (optional)')} error={errors.name}>
          <InputText id="request-name" autoComplete="name" value={values.name} onChange={set('name')} {...fieldAria('request-name', errors.name)} />
        </Field>
        <Field id="request-email" label={t('Email (optional)')} error={errors.email} hint={t('Used only for this report.')}>
          <InputText id="request-email" type="email" autoComplete="email" value={values.email} onChange={set('email')} {...fieldAria('request-email', errors.email, true)} />
        </Field>
        <Field id="request-phone" label={t('Phone (optional)')} error={errors.phone}>
          <InputText id="request-phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} {...fieldAria('request-phone', errors.phone)} />
        </Field>
        {/* Left empty by people; scripts fill it (the server keeps nothing they send). */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="request-website">{t('Leave this empty')}</label>
          <input id="request-website" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </div>
        <Button type="submit" label={sending ? t('Sending...') : tc('problem report', 'Send Report')} icon="pi pi-send" disabled={sending} />
      </form>
    </div>
    <KeptReports reports={kept} />
    {staffLink}
    </>
  );
}
