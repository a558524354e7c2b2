import { type LoginInput, MSG, PASSWORD_MAX } from '@os/shared';
import { CircleAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { AuthCard } from './auth-card';

/** Where the guard sent the user from, so that after sign-in they land where they first asked to go. */
export interface LoginLocationState {
  from?: string;
}

/**
 * 'Sou cliente' (docs/rules.md#portal): the client's area; from an equipment's QR label (/equipamentos/{id})
 * it carries that equipment along, so that after the client's sign-in the portal opens it.
 */
export function clientAreaFor(from: string | undefined): string {
  const equipment = from ? /^\/equipamentos\/(\d{1,10})\/?$/.exec(from) : null;
  return equipment ? `/portal?destino=${encodeURIComponent(`/portal/equipamentos/${equipment[1]}`)}` : '/portal';
}

/** docs/screens.md#login. */
export function LoginPage() {
  useDocumentTitle('Login');
  const { user, login } = useAuth();
  const location = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  // Two fields checked by hand, so the sign-in bundle carries no form library and no Zod
  // (docs/rules.md#performance-budgets); the server still parses the body with loginSchema. As a
  // form library would: checked on submit, then again on every change, the first wrong field focused.
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [checked, setChecked] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const wrong = (value: string) => value.trim() === '' || value.length > PASSWORD_MAX;
  const errors = checked ? { username: wrong(values.username), password: wrong(values.password) } : {};
  const input = (name: keyof LoginInput) => ({
    ref: name === 'username' ? usernameRef : passwordRef,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  // Signed in (already, or just now): go to the page first asked for, else home.
  if (user) {
    const from = (location.state as LoginLocationState | null)?.from;
    return <Navigate to={from && from !== '/login' ? from : '/'} replace />;
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (wrong(values.username)) return usernameRef.current?.focus();
    if (wrong(values.password)) return passwordRef.current?.focus();
    setFailure(null);
    setSubmitting(true);
    try {
      await login(values);
    } catch (error) {
      // 401 is the old product's fixed text; 429 and network failures say what really happened.
      if (error instanceof ApiError && (error.status === 429 || error.status === 0)) setFailure(error.message);
      else setFailure(MSG.loginFailed);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title="Login">
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-4">
        {failure && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>{failure}</span>
          </div>
        )}
        <Field label="Usuário" error={errors.username ? MSG.loginRequired : undefined}>
          {(control) => <Input {...control} {...input('username')} autoComplete="username" autoCapitalize="none" autoFocus />}
        </Field>
        <Field label="Senha" error={errors.password ? MSG.loginRequired : undefined}>
          {(control) => <Input {...control} {...input('password')} type="password" autoComplete="current-password" />}
        </Field>
        <Button type="submit" loading={isSubmitting} className="mt-1 w-full">
          Sign in
        </Button>
        <Link to="/esqueci" className="self-center text-sm text-blue-700 hover:underline dark:text-blue-300">
          Esqueci a senha.
        </Link>
        <Link
          to={clientAreaFor((location.state as LoginLocationState | null)?.from)}
          className="self-center text-sm font-medium text-blue-700 hover:underline dark:text-blue-300"
        >
          Sou cliente
        </Link>
      </form>
    </AuthCard>
  );
}
