import type { SystemParameter } from '@os/shared';
import { Pencil } from 'lucide-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { IconButton } from '../../../components/ui/icon-button';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { type Column, Table } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { formatCentavos, padNumber } from '../../../lib/format';
import { useParameters } from '../api/get-parameters';
import { ParameterFormModal } from './parameter-form-modal';

/** Spec §2.18 'Parâmetros do Sistema': the hour bands of DECISIONS.md §6. */
export function ParametersPage() {
  const parameters = useParameters();
  const [editing, setEditing] = useState<SystemParameter | undefined>();

  useEffect(() => {
    if (parameters.error) toast.error(parameters.error.message);
  }, [parameters.error]);

  const columns: Column<SystemParameter>[] = [
    { key: 'id', header: 'ID', align: 'right', className: 'w-16', cell: (r) => padNumber(r.id, 3) },
    { key: 'tipo', header: 'Tipo Hora', cell: (r) => r.tipo },
    { key: 'inicio', header: 'Inicio', align: 'right', cell: (r) => r.inicio },
    { key: 'fim', header: 'Fim', align: 'right', cell: (r) => r.fim },
    { key: 'valor', header: 'Valor', align: 'right', cell: (r) => formatCentavos(Math.round(r.valor * 100)) },
    {
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      className: 'w-20',
      cell: (r) => <IconButton label={`Editar ${r.tipo}`} icon={<Pencil />} variant="primary" onClick={() => setEditing(r)} />,
    },
  ];

  return (
    <section>
      <PageTitle title="Parâmetros do Sistema" documentTitle="Configurações" />
      {parameters.isPending ? (
        <LoadingBlock />
      ) : (
        <Table
          columns={columns}
          rows={parameters.data ?? []}
          rowKey={(r) => r.id}
          caption="Parâmetros do Sistema"
          className="max-w-4xl"
          empty={<EmptyState title="Nenhum parâmetro cadastrado" className="py-4" />}
        />
      )}
      <ParameterFormModal parameter={editing} onClose={() => setEditing(undefined)} />
    </section>
  );
}
