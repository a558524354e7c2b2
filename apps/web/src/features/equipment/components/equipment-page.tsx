import { EQUIP_MSG, EQUIPMENT_PAGE_SIZE, type Equipment, equipmentName, formatDate, LABELS_MAX } from '@os/shared';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FoundCount } from '../../../components/ui/found-count';
import { RowOptions, Select } from '../../../components/ui/input';
import { PageTitle } from '../../../components/ui/page-title';
import { PagedTable } from '../../../components/ui/paged-table';
import { useConfirmedDelete } from '../../../components/ui/register-list';
import { SearchInput } from '../../../components/ui/search-input';
import { useSearchedRegister } from '../../../components/ui/searched-register';
import type { Column } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { useAuth } from '../../../lib/auth';
import { byRazao, useAllClients } from '../../../lib/registers';
import { useDeleteEquipment, useEquipmentPage } from '../api/equipment';
import { equipmentColumn } from './equipment-column';
import { EquipmentFormModal } from './equipment-form-modal';
import { LabelLink } from './label-link';

/** docs/screens.md#equipamentos 'Gestão de Equipamentos': search, client filter, server paging; an admin edits. */
export function EquipmentPage() {
  const { isAdmin } = useAuth();
  const { searchBox, debounced, page, setPage, pages, add, form, actions } = useSearchedRegister<Equipment>(EQUIPMENT_PAGE_SIZE);
  const [cliente, setCliente] = useState(0);
  // Labels to print, kept across pages and searches (docs/screens.md#equipamentos-id).
  const [toPrint, setToPrint] = useState<number[]>([]);
  const togglePrint = (id: number) =>
    setToPrint((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : ids.length < LABELS_MAX ? [...ids, id] : ids));
  const clients = useAllClients({ select: byRazao });
  const list = useEquipmentPage({ search: debounced, cliente, page });
  const onDelete = useConfirmedDelete(useDeleteEquipment(), { question: EQUIP_MSG.deleteConfirm, deleted: EQUIP_MSG.deleted });

  useErrorToast(list.error);

  const columns: Column<Equipment>[] = [
    {
      key: 'etiqueta',
      header: <span className="sr-only">Etiqueta</span>,
      label: 'Etiqueta',
      cell: (e) => (
        <input
          type="checkbox"
          className="size-4 accent-blue-700 max-sm:size-6"
          aria-label={`Incluir etiqueta de ${equipmentName(e)} ${e.numeroSerie}`}
          checked={toPrint.includes(e.id)}
          onChange={() => togglePrint(e.id)}
        />
      ),
    },
    equipmentColumn(),
    { key: 'serie', header: 'Nº de série', cell: (e) => <span className="break-all">{e.numeroSerie}</span> },
    { key: 'cliente', header: 'Cliente', hideBelow: 'sm', cell: (e) => e.cliente },
    { key: 'local', header: 'Local', hideBelow: 'lg', cell: (e) => e.local },
    {
      key: 'proxima',
      header: 'Próxima manutenção',
      hideBelow: 'md',
      cell: (e) => (e.proximaManutencao ? formatDate(e.proximaManutencao) : 'Sem plano'),
    },
    {
      key: 'ativo',
      header: 'Situação',
      hideBelow: 'sm',
      cell: (e) => (e.ativo ? <Badge tone="green">Ativo</Badge> : <Badge tone="gray">Inativo</Badge>),
    },
  ];
  if (isAdmin) columns.push(actions((e) => equipmentName(e), onDelete));

  return (
    <section>
      <PageTitle
        title={EQUIP_MSG.title}
        documentTitle={EQUIP_MSG.menu}
        actions={
          <>
            <LabelLink ids={toPrint}>{`Imprimir etiquetas (${toPrint.length})`}</LabelLink>
            {isAdmin && <Button onClick={add}>{EQUIP_MSG.newButton}</Button>}
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Buscar equipamento"
          placeholder={EQUIP_MSG.searchPlaceholder}
          {...searchBox}
        />
        <Select
          aria-label="Cliente"
          value={cliente}
          onChange={(e) => {
            setCliente(Number(e.target.value));
            setPage(1);
          }}
          className="w-full sm:max-w-xs"
        >
          <option value={0}>{EQUIP_MSG.allClients}</option>
          <RowOptions rows={clients.data} label={(c) => c.razao} />
        </Select>
        <FoundCount what="Equipamentos" total={list.data?.total} />
      </div>
      <PagedTable
        list={list}
        columns={columns}
        caption="Equipamentos"
        loading="Carregando equipamentos..."
        empty={EQUIP_MSG.empty}
        {...pages}
      />
      <EquipmentFormModal {...form} />
    </section>
  );
}
