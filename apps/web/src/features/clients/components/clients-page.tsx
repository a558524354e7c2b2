import { type Client, CLIENT_PAGE_SIZE, REGISTER_MSG } from '@os/shared';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { Input } from '../../../components/ui/input';
import { useMessage } from '../../../components/ui/message-dialog';
import { clampPage, pageCountOf } from '../../../components/ui/page-list';
import { PageTitle } from '../../../components/ui/page-title';
import { Pagination } from '../../../components/ui/pagination';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { formatCep, formatCnpj } from '../../../lib/format';
import { useDeleteClient } from '../api/delete-client';
import { useClients } from '../api/get-clients';
import { ClientFormModal } from './client-form-modal';

const percent = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** Waits until typing pauses before asking the server again. */
function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Spec §2.11 'Gestão de Clientes': server-side search, 7 rows per page. */
export function ClientsPage() {
  const { isAdmin } = useAuth();
  const confirm = useConfirm();
  const message = useMessage();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebounced(search);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ client?: Client } | null>(null);
  const clients = useClients({ search: debouncedSearch, page });
  const remove = useDeleteClient();
  const total = clients.data?.total ?? 0;

  // A shrinking list (after a delete) keeps the page in range (spec §4); a new search starts at page 1.
  useEffect(() => {
    if (clients.data) setPage((p) => clampPage(p, pageCountOf(clients.data.total, CLIENT_PAGE_SIZE)));
  }, [clients.data]);
  useEffect(() => {
    if (clients.error) toast.error(clients.error.message);
  }, [clients.error]);

  const onDelete = async (client: Client) => {
    if (!(await confirm({ message: REGISTER_MSG.clientDeleteConfirm, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(client.id);
      toast.success(REGISTER_MSG.clientDeleted);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.deleteFailed);
    }
  };

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
          <div>{c.fone}</div>
          <div>{c.contato}</div>
          <div className="break-all">{c.email}</div>
        </div>
      ),
    },
    { key: 'percentual', header: 'Percentual', align: 'right', hideBelow: 'sm', cell: (c) => percent.format(c.percentual) },
  ];
  if (isAdmin) {
    columns.push({
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      cell: (c) => (
        <div className="flex justify-center gap-1">
          <IconButton label={`Editar ${c.razao}`} icon={<Pencil />} variant="primary" onClick={() => setEditing({ client: c })} />
          <IconButton label={`Excluir ${c.razao}`} icon={<Trash2 />} variant="danger" onClick={() => void onDelete(c)} />
        </div>
      ),
    });
  }

  return (
    <section>
      <PageTitle
        title="Gestão de Clientes"
        documentTitle="Clientes"
        actions={isAdmin && <Button onClick={() => setEditing({})}>+ Novo Cliente</Button>}
      />
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div className="relative w-full sm:max-w-sm">
          <Search
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Buscar por Razão/Fantasia"
            placeholder="Buscar por Razão/Fantasia..."
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="pl-8"
          />
        </div>
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
