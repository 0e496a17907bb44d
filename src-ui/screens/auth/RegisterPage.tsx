/** Sign up (behaviour §5 Register): five required fields, matching passwords; success → / with the activation notice. */
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { SUCCESS_MESSAGES } from '../../../shared/data/messages';
import type { RegisterInput } from '../../../shared/data/protocol';
import { msg } from '../../../shared/i18n/translate';
import { INVALID_EMAIL_MESSAGE, plainEmailAddress } from '../../../shared/rules/email-address';
import { Field, REQUIRED_TEXT, fieldAria } from '../../components/Field';
import { fieldError } from '../../state/errors';
import { useT } from '../../i18n/language';
import { useAccountRequest } from './account-request';

export const PASSWORD_MISMATCH = msg('The passwords you entered do not match.');

type Fields = keyof RegisterInput;
const FIELDS: { name: Fields; label: string; type: string; autoComplete: string }[] = [
  { name: 'first_name', label: msg('First Name'), type: 'text', autoComplete: 'given-name' },
  { name: 'last_name', label: msg('Last Name'), type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: msg('Email'), type: 'email', autoComplete: 'email' },
  { name: 'password', label: msg('Password'), type: 'password', autoComplete: 'new-password' },
  { name: 're_password', label: msg('Confirm Password'), type: 'password', autoComplete: 'new-password' },
];

const EMPTY: RegisterInput = { first_name: '', last_name: '', email: '', password: '', re_password: '' };

export function RegisterPage() {
  const t = useT();
  const [values, setValues] = useState<RegisterInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const { sending, send } = useAccountRequest();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Partial<Record<Fields, string>> = {};
    for (const { name } of FIELDS) if (!values[name].trim()) next[name] = REQUIRED_TEXT;
    if (!next.re_password && values.password !== values.re_password) next.re_password = PASSWORD_MISMATCH;
    const email = plainEmailAddress(values.email);
    if (!next.email && email === null) next.email = INVALID_EMAIL_MESSAGE;
    setErrors(next);
    if (Object.keys(next).length || email === null) return;
    await send((worker) => worker.session.register({ ...values, email: email.toLowerCase() }), { success: SUCCESS_MESSAGES.account.registered, to: '/', clear: () => setValues(EMPTY) }, (err) => {
      const fromServer: Partial<Record<Fields, string>> = {};
      for (const { name } of FIELDS) {
        const message = fieldError(err, name);
        if (message) fromServer[name] = message;
      }
      setErrors(fromServer);
    });
  };

  return (
    <section className="narrow panel">
      <h1>{t('Register')}</h1>
      <form className="form" onSubmit={(e) => void submit(e)} noValidate>
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <Field key={name} id={`register-${name}`} label={t(label)} error={errors[name]}>
            <InputText
              id={`register-${name}`}
              type={type}
              autoComplete={autoComplete}
              value={values[name]}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              required
              {...fieldAria(`register-${name}`, errors[name])}
            />
          </Field>
        ))}
        <Button type="submit" label={sending ? t('Submitting...') : t('Register')} icon="pi pi-user-plus" disabled={sending} />
      </form>
      <p>
        {t('Already registered?')} <Link href="/login">{t('Login')}</Link>
      </p>
    </section>
  );
}
