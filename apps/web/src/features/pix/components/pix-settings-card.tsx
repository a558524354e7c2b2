import { PIX_MSG, pixSettingsSchema } from '@os/shared';
import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { usePixSettings, useSavePixSettings } from '../api/pix';

/** 'Recebimento PIX' in /configuracoes (docs/screens.md#configuracoes): the key, receiver name and city. */
export function PixSettingsCard() {
  const settings = usePixSettings();
  const save = useSavePixSettings();
  const { register, handleSubmit, reset, setError, formState } = useSchemaForm(pixSettingsSchema, {
    chave: '',
    nome: '',
    cidade: '',
  });
  useEffect(() => {
    if (settings.data) reset({ chave: settings.data.chave, nome: settings.data.nome, cidade: settings.data.cidade });
  }, [settings.data, reset]);
  const errors = formState.errors;

  const submit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success(PIX_MSG.saved);
    } catch (err) {
      setError('chave', { message: (err as Error).message });
    }
  });

  return (
    <section
      aria-labelledby="pix-settings-title"
      className="mt-8 max-w-4xl rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="pix-settings-title" className="text-lg font-semibold">
        {PIX_MSG.settingsTitle}
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Usados no código PIX impresso em cada fechamento. Chave: CPF, CNPJ, e-mail, telefone +55 ou chave aleatória.
      </p>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-start">
        <Field label="Chave PIX" required error={errors.chave?.message}>
          {(c) => <Input {...c} autoComplete="off" {...register('chave')} />}
        </Field>
        <Field label="Nome do recebedor" required error={errors.nome?.message}>
          {(c) => <Input {...c} maxLength={25} {...register('nome')} />}
        </Field>
        <Field label="Cidade" required error={errors.cidade?.message}>
          {(c) => <Input {...c} maxLength={15} {...register('cidade')} />}
        </Field>
        <Button type="submit" loading={save.isPending} className="sm:mt-6">
          Salvar
        </Button>
      </form>
    </section>
  );
}
