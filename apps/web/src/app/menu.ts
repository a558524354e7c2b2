import type { Role } from '@os/shared';
import {
  BarChart3,
  Building2,
  CalendarClock,
  CalendarDays,
  ClipboardCheck,
  ClipboardList,
  Cpu,
  FileCheck,
  FileSignature,
  FileSpreadsheet,
  FileText,
  FolderOpen,
  Grid3x3,
  Inbox,
  LayoutDashboard,
  Lightbulb,
  type LucideIcon,
  Mail,
  MessagesSquare,
  Package,
  PackageSearch,
  Receipt,
  ScanText,
  Settings,
  Sparkles,
  Tags,
  Timer,
  UserCog,
  Users,
  Wrench,
} from 'lucide-react';

export interface MenuLink {
  kind: 'link';
  to: string;
  label: string;
  icon: LucideIcon;
}

export interface MenuGroup {
  kind: 'group';
  label: string;
  icon: LucideIcon;
  links: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (to: string, label: string, icon: LucideIcon): MenuLink => ({ kind: 'link', to, label, icon });

const ORDERS = link('/os', 'Ordem de Serviços', ClipboardList);
const SERVICE_ORDERS = link('/service-orders', 'Lançamentos', Timer);
/** The dispatch board (docs/screens.md#agenda): admin and user. */
const AGENDA = link('/agenda', 'Agenda', CalendarDays);
/** The equipment register (docs/screens.md#equipamentos): every office role reads it. */
const EQUIPMENT = link('/equipamentos', 'Equipamentos', Cpu);
/** The clients' requests for service (docs/screens.md#solicitacoes): admin and user, with the count of new ones. */
const REQUESTS = link('/solicitacoes', 'Solicitações', Inbox);
/** Quotes the client approves in the portal (docs/screens.md#orcamentos): admin and user. */
const QUOTES = link('/orcamentos', 'Orçamentos', FileSignature);
/** The due preventive maintenance (docs/screens.md#manutencoes): admin (Relatórios) and user. */
const MAINTENANCE = link('/manutencoes', 'Manutenções Previstas', CalendarClock);
/** Stock by place and the ledger (docs/screens.md#estoque): admin and user. */
const STOCK = link('/estoque', 'Estoque', PackageSearch);
/** The technician's vehicle and its count (docs/screens.md#meu-estoque). */
const MY_STOCK = link('/meu-estoque', 'Meu estoque', Package);

/**
 * The side menu of docs/screens.md#layout-and-menu with docs/rules.md#fixed-defects applied (one
 * 'Fechamento', /pdf, whose 'Fechar ordens' opens the closing: docs/rules.md#daily-use): 'Empresas' is linked in Cadastros, 'Dash'
 * points at /dashboard, the utility group is shown to every admin. A standard user also gets
 * 'Ordem de Serviços', the screen where they create and edit orders (docs/rules.md#readings, docs/rules.md#permissions).
 */
export function menuFor(role: Role): MenuEntry[] {
  if (role === 'tec') return [SERVICE_ORDERS, MY_STOCK];
  if (role === 'user') return [ORDERS, QUOTES, REQUESTS, AGENDA, EQUIPMENT, MAINTENANCE, STOCK, SERVICE_ORDERS];
  return [
    {
      kind: 'group',
      label: 'Cadastros',
      icon: FolderOpen,
      links: [
        ORDERS,
        link('/clientes', 'Clientes', Users),
        EQUIPMENT,
        // Inspection templates (docs/screens.md#modelos-de-checklist): admins write them.
        link('/checklists', 'Modelos de Checklist', ClipboardCheck),
        link('/materiais', 'Materiais', Package),
        link('/tipodespesas', 'Tipo de Despesas', Receipt),
        link('/empresas', 'Empresas', Building2),
      ],
    },
    QUOTES,
    REQUESTS,
    AGENDA,
    STOCK,
    SERVICE_ORDERS,
    link('/users', 'Gestão de Usuários', UserCog),
    link('/emails', 'Email', Mail),
    link('/mensagens', 'Mensagens enviadas', MessagesSquare),
    {
      kind: 'group',
      label: 'Relatórios',
      icon: BarChart3,
      links: [
        link('/osrelatorio', 'Relatorio de O.S.', FileSpreadsheet),
        link('/pdf', 'Fechamento', FileCheck),
        link('/dashboard', 'Dash', LayoutDashboard),
        MAINTENANCE,
      ],
    },
    {
      kind: 'group',
      label: 'Utilitários',
      icon: Wrench,
      links: [
        link('/grid', 'Grid', Grid3x3),
        link('/pdfestudo', 'PDF ESTUDO', FileText),
        link('/dicas', 'Dicas', Lightbulb),
        link('/gerarprompt', 'Gerar Prompt', Sparkles),
        link('/rotulos', 'Rótulos', Tags),
        link('/documentos', 'Documentos', ScanText),
      ],
    },
    link('/configuracoes', 'Configurações', Settings),
  ];
}
