import type { PortalMe } from '@os/shared';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { WhatsappInput } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { ConsentBox, useWhatsappConsent } from '../../../components/ui/whatsapp-consent';
import { useSavePortalWhatsapp } from '../api/portal';

/**
 * 'Avisos por WhatsApp' (docs/rules.md#whatsapp): the contact gives or withdraws its consent itself (LGPD);
 * replying SAIR to a message withdraws it too.
 */
export function PortalWhatsapp({ me }: { me: PortalMe }) {
  const save = useSavePortalWhatsapp();
  const consent = useWhatsappConsent(me, async (value) => {
    const saved = await save.mutateAsync(value);
    toast.success(saved.aceitaWhatsapp ? 'Você receberá os avisos por WhatsApp.' : 'Você não receberá avisos por WhatsApp.');
  });
  return (
    <section
      aria-labelledby="portal-whatsapp-title"
      className="mt-4 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
    >
      <h2 id="portal-whatsapp-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Avisos por WhatsApp
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Agendamento da visita, técnico a caminho e OS concluída. Para parar, desmarque abaixo ou responda SAIR.
      </p>
      <form noValidate className="mt-2 grid gap-2 sm:grid-cols-[14rem_auto_auto] sm:items-end" onSubmit={consent.onSubmit}>
        <Field label="WhatsApp" error={consent.error}>
          {(control) => (
            <WhatsappInput
              {...control}
              autoComplete="tel"
              value={consent.whatsapp}
              onChange={(e) => consent.setWhatsapp(e.target.value)}
            />
          )}
        </Field>
        <ConsentBox checked={consent.aceita} onChange={consent.setAceita}>
          Aceito receber avisos por WhatsApp
        </ConsentBox>
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Salvar
        </Button>
      </form>
    </section>
  );
}
