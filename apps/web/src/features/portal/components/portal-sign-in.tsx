import { isPortalPath, PORTAL_MSG, portalLinkRequestSchema } from '@os/shared';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useOpenPortalSession, useRequestPortalLink } from '../api/portal';
import { PortalCard } from './portal-shell';

/** The sign-in form's one field, with the API's own rule and message. */
const signInSchema = portalLinkRequestSchema.pick({ email: true });

/** /portal without a portal session: the e-mail, then always the same answer (docs/rules.md#portal). */
export function PortalSignIn() {
  useDocumentTitle(PORTAL_MSG.title);
  const request = useRequestPortalLink();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useSchemaForm(signInSchema, { email: '' });
  const [sent, setSent] = useState(false);
  // The page a QR label asked for before sign-in: it rides in the e-mailed link (portal paths only).
  const { pathname } = useLocation();
  const destino = useSearchParams()[0].get('destino') ?? (pathname !== '/portal' ? pathname : null);

  const submit = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email, destino: isPortalPath(destino) ? destino : undefined });
      setSent(true);
    } catch (err) {
      setError('email', { message: (err as Error).message });
    }
  });

  return (
    <PortalCard title={PORTAL_MSG.title}>
      {sent ? (
        <p role="status" className="flex items-start gap-2 text-sm text-green-900 dark:text-green-200">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {PORTAL_MSG.linkSent}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Informe o e-mail cadastrado pela empresa. Enviaremos um link de acesso, válido por 15 minutos.
          </p>
          <Field label="E-mail" required error={errors.email?.message}>
            {(control) => (
              <Input
                {...control}
                {...register('email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                autoFocus
              />
            )}
          </Field>
          <Button type="submit" loading={request.isPending} className="w-full">
            {PORTAL_MSG.sendLink}
          </Button>
        </form>
      )}
    </PortalCard>
  );
}

/** /portal/entrar?token=...: spends the e-mailed link once and goes to the client's area. */
export function PortalLinkPage() {
  useDocumentTitle(PORTAL_MSG.title);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const open = useOpenPortalSession();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const token = params.get('token') ?? '';
  const next = params.get('os');
  const destino = params.get('destino');

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    open
      .mutateAsync(token)
      .then(() =>
        navigate(next && /^\d+$/.test(next) ? `/portal/os/${next}` : isPortalPath(destino) ? destino : '/portal', {
          replace: true,
        }),
      )
      .catch(() => setFailed(true));
  }, [open, token, next, destino, navigate]);

  return (
    <PortalCard title={PORTAL_MSG.title}>
      {failed ? (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {PORTAL_MSG.invalidLink}
          </p>
          <Button onClick={() => navigate('/portal', { replace: true })}>Pedir um novo link</Button>
        </div>
      ) : (
        <LoadingBlock />
      )}
    </PortalCard>
  );
}
