/**
 * Approval at a distance and the rating of a visit (docs/rules.md#portal, docs/api.md#portal): the office
 * sends a Concluído order for approval, a portal contact approves or contests it (one decision per PDF
 * version), then may rate the visit once.
 */

import { drawnSignatureSchema, trimmedText } from './edge-schemas';
import { formatDateTime, padNumber } from './format';
import { z } from './zod';

export const APPROVAL_MSG = {
  send: 'Enviar para aprovação',
  sent: 'OS enviada para aprovação.',
  sendFailed: 'Não foi possível enviar o e-mail de aprovação.',
  notConcluded: 'Somente uma OS Concluída pode ser enviada para aprovação.',
  noContact: 'O cliente não tem contato ativo no portal. Cadastre um em Contatos do portal.',
  onlyConcluded: 'Somente uma OS Concluída pode ser aprovada ou contestada.',
  alreadyApproved: 'Esta OS já foi aprovada.',
  alreadyContested: 'Esta OS já foi contestada. Aguarde a empresa revisá-la.',
  changed: 'A OS foi alterada depois que você a abriu. Revise a nova versão antes de decidir.',
  nameRequired: 'Nome: informe o nome de quem aprova.',
  nameTooLong: 'Nome: no máximo 200 caracteres.',
  reasonRequired: 'Motivo: informe o motivo da contestação.',
  reasonTooLong: 'Motivo: no máximo 2000 caracteres.',
  approved: 'OS aprovada. Obrigado!',
  contested: 'Contestação enviada. A empresa vai analisar.',
  approve: 'Aprovar',
  contest: 'Contestar',
  rateQuestion: 'Como avalia o atendimento?',
  rateRequired: 'Nota: escolha de 1 a 5 estrelas.',
  commentTooLong: 'Comentário: no máximo 1000 caracteres.',
  rateOnlyApproved: 'A avaliação fica disponível depois que a OS é aprovada.',
  alreadyRated: 'Este atendimento já foi avaliado.',
  rated: 'Avaliação registrada. Obrigado!',
  contestSubject: (numero: number) => `Contestação da OS ${padNumber(numero)}`,
  mailSubject: (numero: number) => `Aprovação da OS ${padNumber(numero)}`,
  /** The sent-mail history's 'Tipo' of the approval request and of the contest notice. */
  mailTipo: 'Aprovação',
  contestTipo: 'Contestação',
} as const;

/** Days an approval link stays valid (single use, like the sign-in link; docs/decisions.md). */
export const APPROVAL_LINK_DAYS = 7;

/** POST /api/portal/os/{id}/aceite: the typed name, an optional drawn signature (PNG data URL), the code shown. */
export const approvalInputSchema = z.object({
  nome: trimmedText(APPROVAL_MSG.nameRequired, 200, APPROVAL_MSG.nameTooLong),
  assinatura: drawnSignatureSchema,
  /** The verification code of the PDF the contact was shown; another one now answers 409. */
  codigo: z.string().max(40).optional().nullable(),
});
export type ApprovalInput = z.output<typeof approvalInputSchema>;

/** POST /api/portal/os/{id}/contestacao. */
export const contestInputSchema = z.object({
  motivo: trimmedText(APPROVAL_MSG.reasonRequired, 2000, APPROVAL_MSG.reasonTooLong),
  codigo: z.string().max(40).optional().nullable(),
});
export type ContestInput = z.output<typeof contestInputSchema>;

/** POST /api/portal/os/{id}/avaliacao: 1 to 5 stars and an optional comment. */
export const ratingInputSchema = z.object({
  nota: z
    .number({ error: APPROVAL_MSG.rateRequired })
    .int({ error: APPROVAL_MSG.rateRequired })
    .min(1, {
      error: APPROVAL_MSG.rateRequired,
    })
    .max(5, { error: APPROVAL_MSG.rateRequired }),
  comentario: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : (v ?? '')),
    z.string({ error: APPROVAL_MSG.commentTooLong }).max(1000, { error: APPROVAL_MSG.commentTooLong }),
  ),
});
export type RatingInput = z.output<typeof ratingInputSchema>;

export type DecisionKind = 'aprovacao' | 'contestacao';

/** One decision as the portal shows it. */
export type PortalDecision = {
  tipo: DecisionKind;
  nome: string;
  motivo: string | null;
  em: string;
  codigo: string;
  /** The decision is about the order as it is now (false: the order changed after it). */
  atual: boolean;
};

export type PortalRating = { nota: number; comentario: string; em: string };

/** GET /api/portal/os/{id}/aprovacao: what the portal's order page offers. */
export type PortalApproval = {
  /** Concluído and no decision yet on the order as it is now: 'Aprovar' and 'Contestar' are offered. */
  pendente: boolean;
  /** The verification code of the order PDF as it is now (what the contact is shown), when it has one. */
  codigo: string | null;
  decisao: PortalDecision | null;
  /** 'Como avalia o atendimento?' is offered: approved, not yet rated. */
  podeAvaliar: boolean;
  avaliacao: PortalRating | null;
};

/** A decision with its evidence, for the office (GET /api/os/{id}/aprovacao). */
export type OrderDecision = PortalDecision & {
  id: number;
  contato: string;
  email: string;
  ip: string;
  navegador: string;
  assinatura: boolean;
};

export type OrderApproval = {
  status: string;
  pendente: boolean;
  /** The approval requests sent (the sent-mail history's 'Aprovação' rows), newest first. */
  envios: { email: string; status: string; erro: string | null; em: string; usuario: string }[];
  decisoes: OrderDecision[];
  avaliacao: (PortalRating & { contato: string }) | null;
};

/** POST /api/os/{id}/enviar-aprovacao: each active contact and its delivery result. */
export type ApprovalSendResult = {
  success: boolean;
  message: string;
  envios: { email: string; status: 'Enviado' | 'Falha'; erro: string | null }[];
};

/** GET /api/dashboard/avaliacoes: the average and count per technician, and the latest comments. */
export type RatingsSummary = {
  tecnicos: { tecnicoId: number | null; tecnico: string; media: number; quantidade: number }[];
  comentarios: {
    numero: number;
    tecnico: string;
    cliente: string;
    contato: string;
    nota: number;
    comentario: string;
    em: string;
  }[];
};

/** 'Aprovada por Marta em 24/11/2026 10:05' or 'Contestada por ...': how screens name a decision. */
export function decisionHeadline(d: { tipo: 'aprovacao' | 'contestacao'; nome: string; em: string | Date }): string {
  return `${d.tipo === 'aprovacao' ? 'Aprovada' : 'Contestada'} por ${d.nome} em ${formatDateTime(d.em)}`;
}
