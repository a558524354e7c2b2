import { type Company, REGISTER_MSG } from '@os/shared';
import { RegisterList } from '../../../components/ui/register-list';
import { formatCnpj } from '../../../lib/format';
import { useCompanies } from '../../../lib/registers';
import { useDeleteCompany } from '../api/companies';
import { CompanyFormModal } from './company-form-modal';

/** docs/screens.md#empresas 'Gestão de Empresas' (admin). */
export function CompaniesPage() {
  const list = useCompanies();
  const remove = useDeleteCompany();
  return (
    <RegisterList<Company>
      title="Gestão de Empresas"
      documentTitle="Empresas"
      list={list}
      columns={[
        { key: 'id', header: 'ID', align: 'right', className: 'w-16', hideBelow: 'sm', cell: (r) => r.id },
        { key: 'nome', header: 'Nome', cell: (r) => r.nome },
        {
          key: 'cnpj',
          header: 'CNPJ',
          cell: (r) => <span className="whitespace-nowrap tabular-nums">{formatCnpj(r.cnpj)}</span>,
          hideBelow: 'sm',
        },
        { key: 'ie', header: 'Inscr. Estadual', cell: (r) => r.ie, hideBelow: 'md' },
      ]}
      caption="Empresas"
      empty="Nenhuma empresa cadastrada"
      name={(r) => r.nome}
      addLabel="Adicionar Empresas"
      remove={{ mutation: remove, question: REGISTER_MSG.companyDeleteConfirm, deleted: REGISTER_MSG.companyDeleted }}
      form={CompanyFormModal}
    />
  );
}
