import { formatWhatsapp, type PortalMe } from '@os/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { WhatsappInput } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useSavePortalWhatsapp } from '../api/portal';

/**
 * 'Avisos por WhatsApp' (docs/rules.md#whatsapp): the contact gives or withdraws its consent itself (LGPD);
 * replying SAIR to a message withdraws it too.
 */
export function PortalWhatsapp({ me }: { me: PortalMe }) {
  const save = useSavePortalWhatsapp();
  const [whatsapp, setWhatsapp] = useState(formatWhatsapp(me.whatsapp));
  const [aceita, setAceita] = useState(me.aceitaWhatsapp);
  const [error, setError] = useState<string>();
  const submit = async () => {
    setError(undefined);
    try {
      const saved = await save.mutateAsync({ whatsapp: whatsapp || null, aceitaWhatsapp: aceita });
      toast.success(saved.aceitaWhatsapp ? 'Você receberá os avisos por WhatsApp.' : 'Você não receberá avisos por WhatsApp.');
    } catch (err) {
      setError((err as Error).message);
    }
  };
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
      <form
        noValidate
        className="mt-2 grid gap-2 sm:grid-cols-[14rem_auto_auto] sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label="WhatsApp" error={error}>
          {(control) => (
            <WhatsappInput {...control} autoComplete="tel" value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} />
          )}
        </Field>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" checked={aceita} onChange={(e) => setAceita(e.target.checked)} className="size-4" />
          Aceito receber avisos por WhatsApp
        </label>
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Salvar
        </Button>
      </form>
    </section>
  );
}
