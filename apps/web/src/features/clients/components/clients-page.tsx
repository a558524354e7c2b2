import { CLIENT_PAGE_SIZE, type Client, formatPhone, REGISTER_MSG } from '@os/shared';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { EmailText } from '../../../components/ui/email-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { clampPage, pageCountOf } from '../../../components/ui/page-list';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination } from '../../../components/ui/pagination';
import { registerActions, useConfirmedDelete } from '../../../components/ui/register-list';
import { SearchInput } from '../../../components/ui/search-input';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { formatCep, formatCnpj } from '../../../lib/format';
import { useDebounced } from '../../../lib/use-debounced';
import { useClients, useDeleteClient } from '../api/clients';
import { ClientFormModal } from './client-form-modal';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** docs/screens.md#clientes 'Gestão de Clientes': server-side search, 7 rows per page. */
export function ClientsPage() {
  const { isAdmin } = useAuth();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ client?: Client } | null>(null);
  const clients = useClients({ search: debouncedSearch, page });
  const onDelete = useConfirmedDelete(useDeleteClient(), {
    question: REGISTER_MSG.clientDeleteConfirm,
    deleted: REGISTER_MSG.clientDeleted,
  });
  const total = clients.data?.total ?? 0;

  // A shrinking list (after a delete) keeps the page in range (docs/rules.md#states); a new search starts at page 1.
  useEffect(() => {
    if (clients.data) setPage((p) => clampPage(p, pageCountOf(clients.data.total, CLIENT_PAGE_SIZE)));
  }, [clients.data]);
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
  if (isAdmin)
    columns.push(
      registerActions(
        (c) => c.razao,
        (c) => setEditing({ client: c }),
        onDelete,
        '',
      ),
    );

  return (
    <section>
      <PageTitle
        title="Gestão de Clientes"
        documentTitle="Clientes"
        actions={isAdmin && <Button onClick={() => setEditing({})}>+ Novo Cliente</Button>}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Buscar por Razão/Fantasia"
          placeholder="Buscar por Razão/Fantasia..."
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
        <p className="text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
          Clientes encontrados: {total}
        </p>
      </div>
      {clients.isPending ? (
        <LoadingBlock text="Carregando clientes..." />
      ) : (
        <Table
          columns={columns}
          rows={clients.data?.items ?? []}
          rowKey={(c) => c.id}
          caption="Clientes"
          empty={<EmptyState title="Nenhum cliente encontrado" className="py-4" />}
        />
      )}
      <Pagination page={page} totalItems={total} pageSize={CLIENT_PAGE_SIZE} onPageChange={setPage} className="mt-4" />
      <ClientFormModal open={editing !== null} client={editing?.client} onClose={() => setEditing(null)} />
    </section>
  );
}
