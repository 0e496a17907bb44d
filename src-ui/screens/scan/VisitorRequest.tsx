/**
 * A label's link opened by someone without an account (docs/decisions.md: Requests at the label):
 * "Report a problem" for the label's place, with a description, an optional photo (fitted on the
 * device) and optional contact details, and what happens next. After sending, the link of the
 * report's status page. Staff sign in from here and the label then opens its record as before.
 */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { RequestForm, RequestTaken } from '../../../shared/api/requests';
import { IMAGE_ACCEPT } from '../../../shared/data/attachments';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../../shared/rules/email-address';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { rememberScanForLogin } from './scan-target';

export const VISITOR_TEXTS = {
  title: 'Report a problem',
  next: 'The maintenance team reviews every report. After sending, keep the link we show you to follow what becomes of it.',
  notTaken: 'This label does not take reports. Please tell the staff on site.',
  staff: 'Staff: sign in to open this record',
  another: 'Report another problem',
  follow: 'Follow your report',
} as const;

type Fields = 'description' | 'name' | 'email' | 'phone';
const EMPTY: Record<Fields | 'website', string> = { description: '', name: '', email: '', phone: '', website: '' };

const newKey = () => `request-${crypto.randomUUID()}`;

export function VisitorRequest({ code }: { code: string }) {
  const [, navigate] = useLocation();
  const [place, setPlace] = useState<RequestForm | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [values, setValues] = useState(EMPTY);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Fields | 'photo', string>>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<RequestTaken | null>(null);
  // One key per report: a send repeated after a failure is the one request.
  const [key, setKey] = useState(newKey);

  useEffect(() => {
    let current = true;
    callWorker((worker) => worker.requests.form(code)).then(
      (form) => current && setPlace(form),
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
    if (!values.description.trim()) next.description = REQUIRED_TEXT;
    if (values.email.trim() && plainEmailAddress(values.email) === null) next.email = INVALID_EMAIL_MESSAGE;
    setErrors(next);
    if (Object.keys(next).length) return;
    setSending(true);
    try {
      const chosen = photo ? { name: photo.name || 'photo', type: photo.type || 'application/octet-stream', blob: photo } : null;
      setSent(await callWorker((worker) => worker.requests.send({ code, ...values, photo: chosen, key })));
    } catch (err) {
      setErrors({ description: fieldError(err, 'description') ?? undefined, email: fieldError(err, 'email') ?? undefined, phone: fieldError(err, 'phone') ?? undefined, photo: fieldError(err, 'photo') ?? undefined });
      setRefusal(messageForScreen(err, SCREEN_MESSAGES.requests.send));
    } finally {
      setSending(false);
    }
  };

  const staffLink = (
    <div className="button-row visitor-staff">
      <Button type="button" label={VISITOR_TEXTS.staff} icon="pi pi-sign-in" text onClick={signIn} />
    </div>
  );

  if (sent) {
    const statusPath = new URL(sent.status_url).pathname;
    return (
      <div className="panel visitor-request">
        <p role="status">{SUCCESS_MESSAGES.requests.sent}</p>
        <p>
          Report #{sent.id}. <Link href={statusPath}>{VISITOR_TEXTS.follow}</Link>: {sent.status_url}
        </p>
        <Button
          type="button"
          label={VISITOR_TEXTS.another}
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
    );
  }
  if (!place) {
    return refusal ? (
      <>
        <div className="notice">
          <Message severity="warn" text={refusal} />
        </div>
        {staffLink}
      </>
    ) : (
      <p className="empty-text" role="status">
        Opening the form...
      </p>
    );
  }
  return (
    <>
    <div className="panel visitor-request">
      <p className="visitor-place">{place.asset ? `${place.asset.name}, at ${place.location.name}` : place.location.name}</p>
      <p className="field-hint">{VISITOR_TEXTS.next}</p>
      {refusal ? (
        <div className="notice">
          <Message severity="error" text={refusal} />
        </div>
      ) : null}
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="request-description" label="What is wrong?" error={errors.description}>
          <InputTextarea id="request-description" rows={4} value={values.description} onChange={set('description')} required {...fieldAria('request-description', errors.description)} />
        </Field>
        <Field id="request-photo" label="Photo (optional)" error={errors.photo}>
          <input id="request-photo" className="file-input" type="file" accept={IMAGE_ACCEPT} capture="environment" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} {...fieldAria('request-photo', errors.photo)} />
        </Field>
        <Field id="request-name" label="Your name (optional)" error={errors.name}>
          <InputText id="request-name" autoComplete="name" value={values.name} onChange={set('name')} {...fieldAria('request-name', errors.name)} />
        </Field>
        <Field id="request-email" label="Email (optional)" error={errors.email} hint="Used only for this report.">
          <InputText id="request-email" type="email" autoComplete="email" value={values.email} onChange={set('email')} {...fieldAria('request-email', errors.email, true)} />
        </Field>
        <Field id="request-phone" label="Phone (optional)" error={errors.phone}>
          <InputText id="request-phone" type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} {...fieldAria('request-phone', errors.phone)} />
        </Field>
        {/* Left empty by people; scripts fill it (the server keeps nothing they send). */}
        <div className="visually-hidden" aria-hidden="true">
          <label htmlFor="request-website">Leave this empty</label>
          <input id="request-website" name="website" tabIndex={-1} autoComplete="off" value={values.website} onChange={set('website')} />
        </div>
        <Button type="submit" label={sending ? 'Sending...' : 'Send Report'} icon="pi pi-send" disabled={sending} />
      </form>
    </div>
    {staffLink}
    </>
  );
}
