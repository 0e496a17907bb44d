/** Password reset request: an email; success → / with the reset notice. */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { SUCCESS_MESSAGES } from '../../../shared/data/messages';
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../../shared/rules/email-address';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { useT } from '../../i18n/language';
import { useAccountRequest } from './account-request';

export function ResetPasswordPage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { sending, send } = useAccountRequest();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim()) {
      setError(REQUIRED_TEXT);
      return;
    }
    const address = plainEmailAddress(email);
    if (address === null) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    await send((worker) => worker.session.requestPasswordReset(address.toLowerCase()), { success: SUCCESS_MESSAGES.account.resetEmailSent, to: '/', clear: () => setEmail('') });
  };

  return (
    <section className="narrow panel">
      <h1>{t('Reset Password')}</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="reset-email" label={t('Email')} error={error}>
          <InputText id="reset-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} required {...fieldAria('reset-email', error)} />
        </Field>
        <Button type="submit" label={sending ? t('Submitting...') : t('Send Reset Link')} icon="pi pi-envelope" disabled={sending} />
      </form>
    </section>
  );
}
