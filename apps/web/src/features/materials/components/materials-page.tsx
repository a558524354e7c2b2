import { formatCentavos, MAT_MSG, MATERIAL_PAGE_SIZE, type Material } from '@os/shared';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FoundCount } from '../../../components/ui/found-count';
import { PageTitle } from '../../../components/ui/page-title';
import { PagedTable } from '../../../components/ui/paged-table';
import { useConfirmedDelete } from '../../../components/ui/register-list';
import { SearchInput } from '../../../components/ui/search-input';
import { useSearchedRegister } from '../../../components/ui/searched-register';
import type { Column } from '../../../components/ui/table';
import { useErrorToast } from '../../../components/ui/toast';
import { useDeleteMaterial, useMaterialsPage } from '../api/materials';
import { MaterialFormModal } from './material-form-modal';

const COLUMNS: Column<Material>[] = [
  { key: 'codigo', header: 'Código', cell: (m) => <span className="font-medium">{m.codigo}</span> },
  { key: 'descricao', header: 'Descrição', cell: (m) => m.descricao },
  { key: 'unidade', header: 'Unidade', cell: (m) => m.unidade },
  { key: 'preco', header: 'Preço de venda', align: 'right', cell: (m) => formatCentavos(m.precoVendaCentavos) },
  { key: 'estoque', header: 'Estoque', hideBelow: 'md', cell: (m) => (m.controlaEstoque ? 'Controlado' : 'Não controlado') },
  {
    key: 'ativo',
    header: 'Situação',
    hideBelow: 'md',
    cell: (m) => (m.ativo ? <Badge tone="green">Ativo</Badge> : <Badge tone="gray">Inativo</Badge>),
  },
];

/** /materiais 'Materiais' (docs/screens.md#materiais): the register, searched and paged by the server; admins edit. */
export function MaterialsPage() {
  const { searchBox, debounced, page, pages, add, form, actions } = useSearchedRegister<Material>(MATERIAL_PAGE_SIZE);
  const list = useMaterialsPage({ search: debounced, page });
  const onDelete = useConfirmedDelete(useDeleteMaterial(), { question: MAT_MSG.deleteConfirm, deleted: MAT_MSG.deleted });
  useErrorToast(list.error);
  const columns = [...COLUMNS, actions((m) => m.codigo, onDelete)];

  return (
    <section>
      <PageTitle
        title={MAT_MSG.title}
        documentTitle={MAT_MSG.menu}
        actions={<Button onClick={add}>{MAT_MSG.newButton}</Button>}
      />
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Buscar material"
          placeholder={MAT_MSG.searchPlaceholder}
          {...searchBox}
        />
        <FoundCount what="Materiais" total={list.data?.total} />
      </div>
      <PagedTable
        list={list}
        columns={columns}
        caption={MAT_MSG.title}
        loading="Carregando materiais..."
        empty={MAT_MSG.empty}
        {...pages}
      />
      <MaterialFormModal {...form} />
    </section>
  );
}
