/**
 * What each WhatsApp moment says (docs/rules.md#whatsapp): the template's setting, its parameters in
 * order, and the same words written out for a provider without templates (Evolution) and the history.
 * The pt_BR bodies below are the ones to register at Meta under the template names of the README.
 */
import type { WhatsappTemplateKey } from '../../platform/config';

export interface TemplateText {
  /** The parameters' names, in the order of {{1}}, {{2}}, ... */
  parametros: string[];
  corpo: string;
}

export const TEMPLATE_TEXTS: Record<WhatsappTemplateKey, TemplateText> = {
  agendamento: {
    parametros: ['nome', 'OS', 'quando', 'técnico', 'link'],
    corpo: 'Olá, {{1}}. A visita da OS {{2}} está agendada para {{3}}, com o técnico {{4}}. Acompanhe: {{5}}',
  },
  agendamentoTecnico: {
    parametros: ['nome', 'OS', 'quando', 'cliente', 'endereço'],
    corpo: 'Olá, {{1}}. A OS {{2}} está na sua agenda: {{3}}, cliente {{4}}, {{5}}.',
  },
  a_caminho: {
    parametros: ['nome', 'técnico', 'OS'],
    corpo: 'Olá, {{1}}. O técnico {{2}} está a caminho para o atendimento da OS {{3}}.',
  },
  concluida: {
    parametros: ['nome', 'OS', 'link'],
    corpo: 'Olá, {{1}}. A OS {{2}} foi concluída. Veja a OS na Área do Cliente: {{3}}',
  },
  aprovacao: {
    parametros: ['nome', 'OS', 'link'],
    corpo: 'Olá, {{1}}. A OS {{2}} foi concluída e aguarda a sua aprovação. Para aprovar ou contestar, abra: {{3}}',
  },
  orcamento: {
    parametros: ['nome', 'orçamento', 'valor', 'link'],
    corpo: 'Olá, {{1}}. O orçamento {{2}} de {{3}} está pronto para a sua aprovação: {{4}}',
  },
  cobranca: {
    parametros: ['nome', 'valor', 'vencimento', 'Pix Copia e Cola'],
    corpo: 'Olá, {{1}}. Segue a cobrança de {{2}}, vencimento {{3}}. Pix Copia e Cola: {{4}}',
  },
};

/** The body with its parameters in place. A parameter never carries line breaks (Meta refuses them). */
export function fillTemplate(key: WhatsappTemplateKey, params: string[]): string {
  return TEMPLATE_TEXTS[key].corpo.replace(/\{\{(\d+)\}\}/g, (_, n: string) => params[Number(n) - 1] ?? '');
}

/** A parameter as Meta takes it: one line, no tabs, no runs of more than three spaces, not empty. */
export function paramText(value: string): string {
  const text = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {4,}/g, '   ')
    .trim();
  return text || '-';
}
