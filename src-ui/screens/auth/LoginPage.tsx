/** Sign in (behaviour §5 Login): email and password required, email lowercased; then home by role (behaviour §4 Auth). */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { useState, type FormEvent } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { authFailureMessage } from '../../../shared/data/messages';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { useT } from '../../i18n/language';
import { callWorker } from '../../state/bridge';
import { useCurrentUser } from '../../state/hooks';
import { homeFor } from '../../app/navigation';
import { showToast } from '../../state/toasts';


export function LoginPage() {
  const t = useT();
  const user = useCurrentUser();
  const [, navigate] = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (user && !sending) return <Redirect to={homeFor(user)} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next = { email: email.trim() ? undefined : REQUIRED_TEXT, password: password ? undefined : REQUIRED_TEXT };
    setErrors(next);
    setFailure(null);
    if (next.email || next.password) return;
    setSending(true);
    try {
      const signedIn = await callWorker((worker) => worker.session.login(email.trim().toLowerCase(), password));
      navigate(homeFor(signedIn), { replace: true });
    } catch (err) {
      const message = t(authFailureMessage(err));
      setFailure(message);
      showToast({ severity: 'error', detail: message });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="narrow panel">
      <h1>{t('Login')}</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {failure ? <Message severity="error" text={failure} /> : null}
        <Field id="login-email" label={t('Email')} error={errors.email}>
          <InputText id="login-email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} required {...fieldAria('login-email', errors.email)} />
        </Field>
        <Field id="login-password" label={t('Password')} error={errors.password}>
          <InputText
            id="login-password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
            {...fieldAria('login-password', errors.password)}
          />
        </Field>
        <Button type="submit" label={sending ? t('Signing in...') : t('Login')} icon="pi pi-sign-in" disabled={sending} />
      </form>
      <p>
        <Link href="/register">{t('Create an account')}</Link> · <Link href="/reset-password">{t('Forgot your password?')}</Link>
      </p>
    </section>
  );
}
