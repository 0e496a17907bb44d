/** Password reset confirmation from the mailed link: new password twice; success → /. */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { SUCCESS_MESSAGES } from '../../../shared/data/messages';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { fieldError } from '../../state/errors';
import { useT } from '../../i18n/language';
import { useAccountRequest } from './account-request';
import { PASSWORD_MISMATCH } from './RegisterPage';

export function ResetPasswordConfirmPage({ params }: { params: { uid?: string; token?: string } }) {
  const t = useT();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<{ password?: string; again?: string }>({});
  const { sending, send } = useAccountRequest();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: { password?: string; again?: string } = {};
    if (!password) next.password = REQUIRED_TEXT;
    if (!again) next.again = REQUIRED_TEXT;
    else if (password !== again) next.again = PASSWORD_MISMATCH;
    setErrors(next);
    if (next.password || next.again) return;
    await send(
      (worker) => worker.session.confirmPasswordReset({ uid: params.uid ?? '', token: params.token ?? '', new_password: password, re_new_password: again }),
      {
        success: SUCCESS_MESSAGES.account.passwordReset,
        to: '/',
        clear: () => {
          setPassword('');
          setAgain('');
        },
      },
      (err) => setErrors({ password: fieldError(err, 'new_password') ?? undefined, again: fieldError(err, 're_new_password') ?? undefined }),
    );
  };

  return (
    <section className="narrow panel">
      <h1>{t('Choose a New Password')}</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="reset-new-password" label={t('New Password')} error={errors.password}>
          <InputText id="reset-new-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} required {...fieldAria('reset-new-password', errors.password)} />
        </Field>
        <Field id="reset-new-password-again" label={t('Confirm New Password')} error={errors.again}>
          <InputText id="reset-new-password-again" type="password" autoComplete="new-password" value={again} onChange={(e) => setAgain(e.target.value)} required {...fieldAria('reset-new-password-again', errors.again)} />
        </Field>
        <Button type="submit" label={sending ? t('Submitting...') : t('Reset Password')} icon="pi pi-lock" disabled={sending} />
      </form>
    </section>
  );
}
