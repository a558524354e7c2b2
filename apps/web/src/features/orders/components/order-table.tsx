import { APPROVAL_MSG, ORDER_MSG, type Order } from '@os/shared';
import { Download, Eye, FileDown, Mail, Pencil, Send, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { type RowAction, RowActions } from '../../../components/ui/row-actions';
import { StatusBadge } from '../../../components/ui/status-badge';
import { type Column, Table } from '../../../components/ui/table';
import { useAuth } from '../../../lib/auth';
import { formatDate, padNumber } from '../../../lib/format';
import { useSendApprovalAction } from './order-approval';
import type { OrderActions } from './use-order-actions';

/**
 * A row action. 'generatePdf' and 'generateFullPdf' are the same action under the label of their screen;
 * delete, generate and send are offered to admins only, view and download only when the order has a PDF.
 * Whatever order a screen lists them in, they show in the one order of docs/ui.md#row-actions.
 */
export type OrderAction =
  | 'edit'
  | 'viewPdf'
  | 'downloadPdf'
  | 'generatePdf'
  | 'generateFullPdf'
  | 'sendMail'
  | 'sendApproval'
  | 'delete';

export interface OrderTableProps {
  rows: Order[];
  /**
   * 'list' (/os, /pdf; docs/screens.md#os): Número, Cliente with the responsible person beneath, Cidade,
   * Data, Técnico, Status. 'report' (/osrelatorio, /fechamento): Número, Cliente with the city beneath,
   * Data, Eng/Técnico, Status.
   */
  layout: 'list' | 'report';
  caption: string;
  empty: ReactNode;
  /** The actions column: what each row offers. */
  actions?: { handlers: OrderActions; show: OrderAction[] };
  /** A column before the number (the closing's selection). */
  leading?: Column<Order>;
  className?: string;
}

const technician = (o: Order) => o.engenheiroNome || o.engenheiro || '—';

function clientCell(beneath: 'responsavel' | 'cidade') {
  return (o: Order) => (
    <div className="min-w-40">
      <div className="font-medium text-slate-900 dark:text-white">{o.cliente}</div>
      {o[beneath] && <div className="text-xs text-slate-500 dark:text-slate-400">{o[beneath]}</div>}
    </div>
  );
}

function columnsOf(layout: OrderTableProps['layout']): Column<Order>[] {
  const numero: Column<Order> = {
    key: 'numero',
    header: 'Número',
    align: 'right',
    cell: (o) => <span className="font-medium">{padNumber(o.numero)}</span>,
  };
  const data: Column<Order> = { key: 'data', header: 'Data', align: 'right', cell: (o) => formatDate(o.data) };
  const status: Column<Order> = { key: 'status', header: 'Status', cell: (o) => <StatusBadge status={o.status} /> };
  if (layout === 'report') {
    return [
      numero,
      { key: 'cliente', header: 'Cliente', cell: clientCell('cidade') },
      data,
      { key: 'eng', header: 'Eng/Técnico', hideBelow: 'sm', cell: technician },
      status,
    ];
  }
  return [
    numero,
    { key: 'cliente', header: 'Cliente', cell: clientCell('responsavel') },
    { key: 'cidade', header: 'Cidade', cell: (o) => o.cidade },
    data,
    { key: 'tecnico', header: 'Técnico', hideBelow: 'sm', cell: technician },
    status,
  ];
}

/** The one table of orders, shared by every order screen. */
export function OrderTable({ rows, layout, caption, empty, actions, leading, className }: OrderTableProps) {
  const columns = columnsOf(layout);
  if (leading) columns.unshift(leading);
  if (actions) {
    columns.push({
      key: 'acoes',
      header: 'Ações',
      align: 'center',
      cell: (o) => <OrderActionButtons order={o} {...actions} />,
    });
  }
  return <Table caption={caption} columns={columns} rows={rows} rowKey={(o) => o.id} empty={empty} className={className} />;
}

/** /emails opened for an order: the form filled with its client, the client's e-mail, the number and 'Ordem de Serviço' (docs/screens.md#emails). */
export const sendOrderMailUrl = (o: Pick<Order, 'numero' | 'clienteId'>) => `/emails?os=${o.numero}&cliente=${o.clienteId}`;

/** A row's actions, given in any order: RowActions puts them in the one order of docs/ui.md#row-actions. */
function OrderActionButtons({ order: o, handlers, show }: { order: Order } & NonNullable<OrderTableProps['actions']>) {
  const { isAdmin, isUser } = useAuth();
  const navigate = useNavigate();
  const approval = useSendApprovalAction(o.id);
  const { pdf } = handlers;
  const numero = padNumber(o.numero);
  const hasPdf = o.pdf || o.pdfcompleto;
  const action = (name: OrderAction): RowAction | false => {
    switch (name) {
      case 'edit': {
        // A closed order is edited by an admin only (docs/rules.md#order-life-cycle).
        const frozen = o.status === 'Fechado' && !isAdmin;
        return {
          kind: 'edit',
          label: frozen ? ORDER_MSG.closedAdminOnly : `Editar OS ${numero}`,
          variant: 'primary',
          icon: <Pencil />,
          disabled: frozen,
          onClick: () => handlers.edit(o),
        };
      }
      case 'viewPdf':
        return hasPdf && { kind: 'view', label: `Visualizar PDF da OS ${numero}`, icon: <Eye />, onClick: () => pdf.view(o) };
      case 'downloadPdf':
        return (
          hasPdf && {
            kind: 'pdf',
            label: `Baixar PDF da OS ${numero}`,
            icon: <Download />,
            loading: pdf.downloadingId === o.id,
            onClick: () => void pdf.download(o),
          }
        );
      case 'generatePdf':
      case 'generateFullPdf':
        return (
          isAdmin && {
            kind: 'pdf',
            label: `${name === 'generatePdf' ? 'Gerar PDF' : 'Gerar PDF completo'} da OS ${numero}`,
            icon: <FileDown />,
            variant: name === 'generatePdf' ? 'primary' : 'default',
            loading: pdf.generatingId === o.id,
            onClick: () => void pdf.generate(o),
          }
        );
      case 'sendMail':
        // /emails is an admin screen (docs/screens.md#routes); sending makes the PDF when it is missing or outdated.
        return (
          isAdmin && {
            kind: 'send',
            label: `Enviar por e-mail a OS ${numero}`,
            icon: <Mail />,
            onClick: () => void navigate(sendOrderMailUrl(o)),
          }
        );
      case 'sendApproval':
        // docs/rules.md#daily-use: a Concluído order goes to the client from its row too (the office: admin, user).
        return (
          (isAdmin || isUser) &&
          o.status === 'Concluído' && {
            kind: 'send',
            label: `${APPROVAL_MSG.send}: OS ${numero}`,
            icon: <Send />,
            loading: approval.pending,
            onClick: () => void approval.submit(),
          }
        );
      case 'delete':
        return isAdmin && { kind: 'delete', label: `Excluir OS ${numero}`, icon: <Trash2 />, onClick: () => handlers.remove(o) };
    }
  };
  return <RowActions actions={show.map(action)} />;
}
