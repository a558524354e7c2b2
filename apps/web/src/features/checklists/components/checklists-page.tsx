import { CHECKLIST_MSG, type ChecklistTemplate } from '@os/shared';
import { RegisterList } from '../../../components/ui/register-list';
import { useAuth } from '../../../lib/auth';
import { useChecklistTemplates, useDeleteChecklistTemplate } from '../api/checklists';
import { TemplateFormModal } from './template-form-modal';

/** docs/screens.md#modelos-de-checklist 'Modelos de Checklist': every role reads them, only admins change them. */
export function ChecklistsPage() {
  const { isAdmin } = useAuth();
  const list = useChecklistTemplates();
  const remove = useDeleteChecklistTemplate();
  return (
    <RegisterList<ChecklistTemplate>
      title={CHECKLIST_MSG.title}
      list={list}
      columns={[
        { key: 'nome', header: 'NOME', cell: (r) => r.nome },
        { key: 'tipo', header: 'TIPO DE EQUIPAMENTO', cell: (r) => r.tipoEquipamento ?? CHECKLIST_MSG.anyType },
        { key: 'itens', header: 'ITENS', align: 'right', cell: (r) => r.itens.length },
        { key: 'versao', header: 'VERSÃO', align: 'right', cell: (r) => r.versao },
        { key: 'ativo', header: 'ATIVO', cell: (r) => (r.ativo ? 'Sim' : 'Não') },
      ]}
      caption={CHECKLIST_MSG.title}
      className="max-w-5xl"
      empty={CHECKLIST_MSG.empty}
      name={(r) => r.nome}
      editable={isAdmin}
      addLabel={CHECKLIST_MSG.newButton}
      remove={{ mutation: remove, question: CHECKLIST_MSG.deleteConfirm, deleted: CHECKLIST_MSG.deleted }}
      form={TemplateFormModal}
    />
  );
}
