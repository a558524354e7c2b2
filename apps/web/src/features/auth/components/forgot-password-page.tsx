import { MAIL_MSG, MSG, passNotLikeLogin, recoveryRequestSchema, updateLoginFields } from '@os/shared';
import { CircleAlert, MailCheck } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRequestRecovery } from '../api/request-recovery';
import { useUpdateLogin } from '../api/update-login';
import { AuthCard } from './auth-card';

/** docs/rules.md#constants: back to /login 3 s after 'not a user'; the update failure shows for 2 s. */
const NOT_A_USER_REDIRECT_MS = 3000;
const UPDATE_FAILURE_MS = 2000;

function Notice({ tone, title, children }: { tone: 'error' | 'success'; title?: string; children: ReactNode }) {
  const styles =
    tone === 'error'
      ? 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
      : 'border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-200';
  const Icon = tone === 'error' ? CircleAlert : MailCheck;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-md border px-3 py-2 text-sm ${styles}`}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div>
        {title && <p className="font-semibold">{title}</p>}
        <p>{children}</p>
      </div>
    </div>
  );
}

const BackToLogin = () => (
  <Link to="/login" className="mt-6 block text-center text-sm text-blue-700 hover:underline dark:text-blue-300">
    Voltar para o login
  </Link>
);

/** Step 1: full name and e-mail; on a match the server e-mails a one-time link (docs/rules.md#fixed-defects). */
function RequestStep() {
  const navigate = useNavigate();
  const request = useRequestRecovery();
  const [outcome, setOutcome] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(recoveryRequestSchema, { nomeCompleto: '', email: '' });

  const notAUser = outcome?.text === MAIL_MSG.notAUser;
  useEffect(() => {
    if (!notAUser) return;
    const timer = setTimeout(() => navigate('/login'), NOT_A_USER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [notAUser, navigate]);

  const onSubmit = handleSubmit(async (input) => {
    setOutcome(null);
    try {
      const answer = await request.mutateAsync(input);
      setOutcome({ tone: answer.encontrado ? 'success' : 'error', text: answer.message });
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      setOutcome({ tone: 'error', text: tooMany ? MSG.tooManyAttempts : MAIL_MSG.requestFailed });
    }
  });

  if (outcome?.tone === 'success') {
    return (
      <>
        <Notice tone="success">{outcome.text}</Notice>
        <BackToLogin />
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {outcome && <Notice tone="error">{outcome.text}</Notice>}
      <Field label="Nome completo" required error={errors.nomeCompleto?.message}>
        {(control) => <Input {...control} {...register('nomeCompleto')} autoComplete="name" autoFocus />}
      </Field>
      <Field label="E-mail" required error={errors.email?.message}>
        {(control) => <Input {...control} {...register('email')} type="email" autoComplete="email" inputMode="email" />}
      </Field>
      <Button type="submit" loading={request.isPending} disabled={notAUser} className="mt-1 w-full">
        Enviar
      </Button>
      <BackToLogin />
    </form>
  );
}

const setLoginSchema = updateLoginFields.pick({ login: true, pass: true }).superRefine(passNotLikeLogin);

/** Step 2 'Cadastre seu Login e senha de acesso', opened from the e-mailed link only. */
function SetLoginStep({ token }: { token: string }) {
  const navigate = useNavigate();
  const message = useMessage();
  const update = useUpdateLogin();
  const [failed, setFailed] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useSchemaForm(setLoginSchema, { login: '', pass: '' });

  useEffect(() => {
    if (!failed) return;
    // docs/api.md#errors: 'Erro!' / 'Tente novamente.' for 2 s, then the fields clear and the user goes to /login.
    const timer = setTimeout(() => {
      reset();
      navigate('/login');
    }, UPDATE_FAILURE_MS);
    return () => clearTimeout(timer);
  }, [failed, navigate, reset]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await update.mutateAsync({ ...input, token });
      await message.success(MAIL_MSG.loginUpdated);
      reset();
      navigate('/login');
    } catch (error) {
      // A login someone else has: the link is still good, so let the user pick another.
      if (error instanceof ApiError && error.status === 409) setError('login', { message: error.message });
      // A weak password: the link is still good, so let the user choose another.
      else if (error instanceof ApiError && error.status === 400 && error.field === 'pass')
        setError('pass', { message: error.message });
      else setFailed(true);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {failed && (
        <Notice tone="error" title="Erro!">
          {MAIL_MSG.tryAgain}
        </Notice>
      )}
      <Field label="Login" required error={errors.login?.message}>
        {(control) => <Input {...control} {...register('login')} autoComplete="username" autoCapitalize="none" autoFocus />}
      </Field>
      <Field label="Senha" required error={errors.pass?.message} hint="Ao menos 8 caracteres.">
        {(control) => <Input {...control} {...register('pass')} type="password" autoComplete="new-password" />}
      </Field>
      <Button type="submit" loading={update.isPending} disabled={failed} className="mt-1 w-full">
        Gravar
      </Button>
      <BackToLogin />
    </form>
  );
}

/** Public page (docs/screens.md#esqueci; docs/rules.md#fixed-defects): step 1 asks, step 2 opens from the e-mailed link. */
export function ForgotPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const title = token ? MAIL_MSG.setLoginTitle : 'Esqueci a senha';
  useDocumentTitle(title);
  return <AuthCard title={title}>{token ? <SetLoginStep token={token} /> : <RequestStep />}</AuthCard>;
}
