/** Offline field app (issue 10, DECISIONS.md §7): labels and messages of the outbox and the PWA. */
export const OFFLINE_MSG = {
  offline: 'Offline',
  lastSync: 'Última sincronização',
  neverSynced: 'nunca',
  pending: 'Pendente',
  refused: 'Recusado',
  sync: 'Sincronizar',
  syncing: 'Sincronizando…',
  resend: 'Reenviar',
  discard: 'Descartar',
  discardConfirm: 'Descartar este lançamento? Ele não será enviado ao servidor.',
  pendingTitle: 'Lançamentos pendentes',
  savedOffline: 'Sem conexão: lançamento guardado no aparelho e marcado como Pendente.',
  synced: 'Lançamentos pendentes enviados.',
  newVersion: 'Nova versão disponível — atualizar',
  signOutPending:
    'Há lançamentos pendentes neste aparelho. Eles ficam guardados e serão enviados quando você entrar de novo. Sair mesmo assim?',
  receiptOffline: 'Sem conexão: preencha os dados do comprovante manualmente.',
} as const;

export const OFFLINE_KIND_LABELS: Record<string, string> = {
  '/api/viagemida/': 'Viagem de ida',
  '/api/servicos/': 'Dia de serviço',
  '/api/viagemvolta/': 'Viagem de volta',
  '/api/descricao/': 'Descrição',
  '/api/despesa/': 'Despesa',
  '/api/assinatura/salvar': 'Assinatura',
};

/** Labels of the fields a refused entry offers for correction (the screens' own labels). */
export const OFFLINE_FIELD_LABELS: Record<string, string> = {
  dataida: 'Data',
  saidaida: 'Saída',
  chegadaida: 'Chegada',
  kmida: 'Km',
  obsida: 'Observação',
  dataservico: 'Data',
  feriado: 'Feriado',
  entradaservico: 'Entrada',
  saidaservico: 'Saída',
  intervalo: 'Intervalo (horas)',
  datavolta: 'Data',
  saidavolta: 'Saída',
  chegadavolta: 'Chegada',
  tempoEspera: 'Tempo de Espera',
  kmvolta: 'Km',
  obsvolta: 'Observação',
  data: 'Data',
  descricao: 'Descrição',
  docnr: 'Nº Documento',
  valor: 'Valor (R$)',
  tipodespesa: 'Tipo de Despesa',
  observacao: 'Observação',
  nome: 'Nome de quem assina',
};

/** 'N pendentes' (one: '1 pendente'). */
export const pendingCountLabel = (n: number) => (n === 1 ? '1 pendente' : `${n} pendentes`);
