import { parameterTime, type SystemParameter } from '@os/shared';
import { RegisterList } from '../../../components/ui/register-list';
import { formatCentavos, padNumber } from '../../../lib/format';
import { useParameters } from '../api/parameters';
import { ParameterFormModal } from './parameter-form-modal';

/** docs/screens.md#configuracoes 'Parâmetros do Sistema': the hour bands (docs/rules.md#hours-and-closing). */
export function ParametersPage() {
  const list = useParameters();
  return (
    <RegisterList<SystemParameter>
      title="Parâmetros do Sistema"
      documentTitle="Configurações"
      list={list}
      counted={false}
      columns={[
        { key: 'id', header: 'ID', align: 'right', className: 'w-16', cell: (r) => padNumber(r.id, 3) },
        { key: 'tipo', header: 'Tipo Hora', cell: (r) => r.tipo },
        { key: 'inicio', header: 'Inicio', align: 'right', cell: (r) => parameterTime(r.tipo, r.inicio) },
        { key: 'fim', header: 'Fim', align: 'right', cell: (r) => parameterTime(r.tipo, r.fim) },
        { key: 'valor', header: 'Valor', align: 'right', cell: (r) => formatCentavos(Math.round(r.valor * 100)) },
      ]}
      caption="Parâmetros do Sistema"
      className="max-w-4xl"
      empty="Nenhum parâmetro cadastrado"
      name={(r) => r.tipo}
      actionsClassName="w-20"
      form={ParameterFormModal}
    />
  );
}
