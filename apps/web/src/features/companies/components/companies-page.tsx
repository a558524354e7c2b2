import { type Company, REGISTER_MSG } from '@os/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useConfirm } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { useMessage } from '../../../components/ui/message-dialog';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { formatCnpj } from '../../../lib/format';
import { useDeleteCompany } from '../api/delete-company';
import { useCompanies } from '../api/get-companies';
import { CompanyFormModal } from './company-form-modal';

/** Spec §2.13 'Gestão de Empresas' (admin); delete works (DECISIONS.md §2). */
export function CompaniesPage() {
  const confirm = useConfirm();
  const message = useMessage();
  const companies = useCompanies();
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState<{ company?: Company } | null>(null);

  useEffect(() => {
    if (companies.error) toast.error(companies.error.message);
  }, [companies.error]);

  const onDelete = async (row: Company) => {
    if (!(await confirm({ message: REGISTER_MSG.companyDeleteConfirm, confirmLabel: 'Excluir', danger: true }))) return;
    try {
      await remove.mutateAsync(row.id);
      toast.success(REGISTER_MSG.companyDeleted);
    } catch (error) {
      await message.error(error instanceof ApiError ? error.message : REGISTER_MSG.deleteFailed);
    }
  };

  const columns: Column<Company>[] = [
    { key: 'id', header: 'ID', align: 'right', className: 'w-16', hideBelow: 'sm', cell: (r) => r.id },
    { key: 'nome', header: 'Nome', cell: (r) => r.nome },
    {
      key: 'cnpj',
      header: 'CNPJ',
      cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatCnpj(r.cnpj)}</span>,
      hideBelow: 'sm',
    },
    { key: 'ie', header: 'Inscr. Estadual', cell: (r) => r.ie, hideBelow: 'md' },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      className: 'w-28',
      cell: (r) => (
        <div className="flex justify-center gap-1">
          <IconButton label={`Editar ${r.nome}`} icon={<Pencil />} variant="primary" onClick={() => setEditing({ company: r })} />
          <IconButton label={`Excluir ${r.nome}`} icon={<Trash2 />} variant="danger" onClick={() => void onDelete(r)} />
        </div>
      ),
    },
  ];

  return (
    <section>
      <PageTitle
        title="Gestão de Empresas"
        documentTitle="Empresas"
        count={companies.data ? `(${companies.data.length})` : undefined}
        actions={<Button onClick={() => setEditing({})}>Adicionar Empresas</Button>}
      />
      {companies.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          columns={columns}
          rows={companies.data ?? []}
          rowKey={(r) => r.id}
          caption="Empresas"
          empty={<EmptyState title="Nenhuma empresa cadastrada" className="py-4" />}
        />
      )}
      <CompanyFormModal open={editing !== null} company={editing?.company} onClose={() => setEditing(null)} />
    </section>
  );
}
