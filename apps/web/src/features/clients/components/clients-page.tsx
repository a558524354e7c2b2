import { CLIENT_PAGE_SIZE, type Client, formatPhone, REGISTER_MSG } from '@os/shared';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { FoundCount } from '../../../components/ui/found-count';
import { PageTitle } from '../../../components/ui/page-title';
import { PagedTable } from '../../../components/ui/paged-table';
import { useConfirmedDelete } from '../../../components/ui/register-list';
import { SearchInput } from '../../../components/ui/search-input';
import { useSearchedRegister } from '../../../components/ui/searched-register';
import type { Column } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { formatCep, formatCnpj } from '../../../lib/format';
import { useClients, useDeleteClient } from '../api/clients';
import { ClientFormModal } from './client-form-modal';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** docs/screens.md#clientes 'Gestão de Clientes': server-side search, 7 rows per page. */
export function ClientsPage() {
  const { isAdmin } = useAuth();
  const { searchBox, debounced, page, pages, add, form, actions } = useSearchedRegister<Client>(CLIENT_PAGE_SIZE);
  const clients = useClients({ search: debounced, page });
  const onDelete = useConfirmedDelete(useDeleteClient(), {
    question: REGISTER_MSG.clientDeleteConfirm,
    deleted: REGISTER_MSG.clientDeleted,
  });

  useErrorToast(clients.error);

  const columns: Column<Client>[] = [
    { key: 'codigo', header: 'Código', align: 'right', hideBelow: 'sm', cell: (c) => c.codigo },
    {
      key: 'razao',
      header: 'Razão Social / Fantasia',
      cell: (c) => (
        <div className="sm:min-w-40">
          <div className="font-medium text-slate-900 dark:text-slate-100">{c.razao}</div>
          {c.fantasia && <div className="text-xs text-slate-500 dark:text-slate-400">{c.fantasia}</div>}
        </div>
      ),
    },
    {
      key: 'cnpj',
      header: 'CNPJ',
      cell: (c) => <span className="whitespace-nowrap tabular-nums">{formatCnpj(c.cnpj)}</span>,
      hideBelow: 'sm',
    },
    {
      key: 'endereco',
      header: 'Endereço',
      hideBelow: 'lg',
      cell: (c) => (
        <div className="text-xs leading-5">
          <div>{c.endereco}</div>
          <div>{c.bairro}</div>
          <div>{[c.cidade, c.uf].filter(Boolean).join('/')}</div>
          <div className="tabular-nums">{formatCep(c.cep)}</div>
        </div>
      ),
    },
    {
      key: 'contato',
      header: 'Telefone / Contato / E-mail',
      hideBelow: 'md',
      cell: (c) => (
        <div className="text-xs leading-5">
          <div>{formatPhone(c.fone)}</div>
          <div>{c.contato}</div>
          <div>
            <EmailText email={c.email} />
          </div>
        </div>
      ),
    },
    { key: 'percentual', header: 'Percentual', align: 'right', hideBelow: 'sm', cell: (c) => percent.format(c.percentual) },
  ];
  if (isAdmin) columns.push(actions((c) => c.razao, onDelete));

  return (
    <section>
      <PageTitle
        title="Gestão de Clientes"
        documentTitle="Clientes"
        actions={isAdmin && <Button onClick={add}>+ Novo Cliente</Button>}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Buscar por Razão/Fantasia"
          placeholder="Buscar por Razão/Fantasia..."
          {...searchBox}
        />
        <FoundCount what="Clientes" total={clients.data?.total} atRight={false} />
      </div>
      <PagedTable
        list={clients}
        columns={columns}
        caption="Clientes"
        loading="Carregando clientes..."
        empty="Nenhum cliente encontrado"
        {...pages}
      />
      <ClientFormModal {...form} />
    </section>
  );
}
