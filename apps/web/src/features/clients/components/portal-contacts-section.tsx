import { formatWhatsapp, PORTAL_MSG, type PortalContact, portalContactFormSchema } from '@os/shared';
import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { Input, WhatsappInput } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';
import { useDeletePortalContact, usePortalContacts, useSavePortalContact } from '../api/portal-contacts';

/** One contact: name, e-mail, WhatsApp, and its boxes (each saved at once). */
function ContactItem({
  contact: c,
  onToggle,
  onToggleWhatsapp,
  onDelete,
}: {
  contact: PortalContact;
  onToggle: () => void;
  onToggleWhatsapp: () => void;
  onDelete: () => void;
}) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 px-3 py-2 dark:border-slate-800">
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900 dark:text-white">{c.nome}</span>
        <span className="block break-all text-sm text-slate-600 dark:text-slate-400">{c.email}</span>
        {c.whatsapp && (
          <span className="block text-sm text-slate-600 tabular-nums dark:text-slate-400">
            WhatsApp {formatWhatsapp(c.whatsapp)}
          </span>
        )}
      </span>
      <label className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
        <input type="checkbox" checked={c.aceitaWhatsapp} disabled={!c.whatsapp} onChange={onToggleWhatsapp} className="size-4" />
        Aceita WhatsApp
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-700 dark:text-slate-200">
        <input type="checkbox" checked={c.ativo} onChange={onToggle} className="size-4" />
        Ativo
      </label>
      <Button variant="ghost" aria-label={`Excluir contato ${c.nome}`} onClick={onDelete}>
        <Trash2 className="size-4" aria-hidden="true" />
      </Button>
    </li>
  );
}

/**
 * 'Contatos do portal' in the client modal (docs/rules.md#portal, docs/screens.md#clientes): who of the
 * client may enter the Área do Cliente. Each change is saved at once; deactivating ends the contact's sessions.
 */
export function PortalContactsSection({ clientId }: { clientId: number }) {
  const contacts = usePortalContacts(clientId);
  const save = useSavePortalContact(clientId);
  const remove = useDeletePortalContact(clientId);
  const confirm = useConfirm();
  const blank = { nome: '', email: '', whatsapp: '', aceitaWhatsapp: false };
  const { register, handleSubmit, formState, setError, reset } = useSchemaForm(portalContactFormSchema, blank, {
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const error = firstError(formState.errors);

  const add = handleSubmit(async (contact) => {
    try {
      await save.mutateAsync(contact);
      reset(blank);
      toast.success(PORTAL_MSG.contactSaved);
    } catch (err) {
      setError('root', { message: (err as Error).message });
    }
  });

  const toggle = async (contact: PortalContact) => {
    try {
      await save.mutateAsync({ id: contact.id, nome: contact.nome, email: contact.email, ativo: !contact.ativo });
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  // docs/rules.md#whatsapp: the office records the consent the contact gave it; the contact may change it in the portal.
  const toggleWhatsapp = async (contact: PortalContact) => {
    try {
      await save.mutateAsync({
        id: contact.id,
        nome: contact.nome,
        email: contact.email,
        ativo: contact.ativo,
        aceitaWhatsapp: !contact.aceitaWhatsapp,
      });
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  const drop = async (contact: PortalContact) => {
    if (!(await confirm({ message: PORTAL_MSG.contactDeleteConfirm, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(contact.id);
      toast.success(PORTAL_MSG.contactDeleted);
    } catch (err) {
      toast.error((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="portal-contacts-title" className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-800">
      <h3 id="portal-contacts-title" className="text-base font-semibold text-slate-900 dark:text-white">
        {PORTAL_MSG.contactsTitle}
      </h3>
      <ul className="mt-2 flex flex-col gap-2">
        {contacts.data?.map((c) => (
          <ContactItem
            key={c.id}
            contact={c}
            onToggle={() => toggle(c)}
            onToggleWhatsapp={() => toggleWhatsapp(c)}
            onDelete={() => drop(c)}
          />
        ))}
        {contacts.data?.length === 0 && (
          <li className="text-sm text-slate-600 dark:text-slate-400">Nenhum contato cadastrado.</li>
        )}
      </ul>
      <form onSubmit={add} noValidate className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-2 sm:items-end">
        <Field label="Nome do contato">{(control) => <Input {...control} {...register('nome')} />}</Field>
        <Field label="E-mail do contato">
          {(control) => <Input {...control} type="email" autoCapitalize="none" {...register('email')} />}
        </Field>
        <Field label="WhatsApp do contato">
          {(control) => <WhatsappInput {...control} autoComplete="tel" {...register('whatsapp')} />}
        </Field>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
          <input type="checkbox" {...register('aceitaWhatsapp')} className="size-4" />
          Aceita receber mensagens por WhatsApp
        </label>
        <Button type="submit" variant="secondary" loading={save.isPending} className="sm:col-span-2 sm:justify-self-end">
          Adicionar contato
        </Button>
        {error && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-2 dark:text-red-400">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
