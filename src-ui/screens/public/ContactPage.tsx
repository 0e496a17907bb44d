/** Contact Us (behaviour §5: name, email and message required); limited users go to /workorder-home after sending. */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { SCREEN_MESSAGES, SUCCESS_MESSAGES, messageForScreen } from '../../../shared/data/messages';
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../../shared/rules/email-address';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { fullName } from '../../format/display';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { fieldError } from '../../state/errors';
import { useCurrentUser } from '../../state/hooks';
import { showToast } from '../../state/toasts';

type ContactFields = 'name' | 'email' | 'message';

export function ContactPage() {
  const t = useT();
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [values, setValues] = useState<Record<ContactFields, string>>({ name: fullName(user), email: user?.email ?? '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactFields, string>>>({});
  const [sending, setSending] = useState(false);

  const set = (field: ContactFields) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<ContactFields, string>> = {};
    for (const field of ['name', 'email', 'message'] as const) if (!values[field].trim()) next[field] = REQUIRED_TEXT;
    const email = plainEmailAddress(values.email);
    if (!next.email && email === null) next.email = INVALID_EMAIL_MESSAGE;
    setErrors(next);
    if (Object.keys(next).length || email === null) return;
    setSending(true);
    try {
      await callWorker((worker) => worker.contact.send({ name: values.name.trim(), email, message: values.message.trim() }));
      showToast({ severity: 'success', detail: t(SUCCESS_MESSAGES.contact.sent) });
      // The message is not offered again, whether the screen stays or is left (and reached again by Back).
      setValues((v) => ({ ...v, message: '' }));
      if (user && !user.full_feature_access) navigate('/workorder-home');
    } catch (err) {
      setErrors({ name: fieldError(err, 'name') ?? undefined, email: fieldError(err, 'email') ?? undefined, message: fieldError(err, 'message') ?? undefined });
      showToast({ severity: 'error', detail: t(messageForScreen(err, SCREEN_MESSAGES.contact.send)) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="narrow panel">
      <h1>{t('Contact Us')}</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="contact-name" label={t('Name')} error={errors.name}>
          <InputText id="contact-name" autoComplete="name" value={values.name} onChange={set('name')} required {...fieldAria('contact-name', errors.name)} />
        </Field>
        <Field id="contact-email" label={t('Email')} error={errors.email}>
          <InputText id="contact-email" type="email" autoComplete="email" value={values.email} onChange={set('email')} required {...fieldAria('contact-email', errors.email)} />
        </Field>
        <Field id="contact-message" label={t('Message')} error={errors.message}>
          <InputTextarea id="contact-message" rows={6} value={values.message} onChange={set('message')} required {...fieldAria('contact-message', errors.message)} />
        </Field>
        <Button type="submit" label={sending ? t('Sending...') : t('Send Message')} icon="pi pi-send" disabled={sending} />
      </form>
    </section>
  );
}
