/**
 * Every Portuguese text that both sides show, written once (docs/rules.md#validation, docs/api.md#errors).
 * Spelling and typos are the old product's own where it marks them so.
 */
export const MSG = {
  welcome: 'Bem-vindo ao Sistema de Ordens de Serviço',
  loginFailed: 'Login failed. Please check your credentials.',
  loginRequired: 'Informe usuário e senha.',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  unauthorized: 'Sessão expirada ou inexistente. Faça login novamente.',
  forbidden: 'Você não tem permissão para esta ação.',
  notFound: 'Registro não encontrado.',
  routeNotFound: 'Rota não encontrada.',
  invalidInput: 'Dados inválidos.',
  internalError: 'Erro interno do servidor. Tente novamente.',
  payloadTooLarge: 'O arquivo é muito grande.',
  unsupportedMedia: 'Tipo de arquivo não suportado.',
  emptyFile: 'Arquivo vazio.',
  malformedBody: 'Envio incompleto ou mal formado.',
  imageTooManyPixels: 'Imagem grande demais: até 40 megapixels.',
  fieldTooLong: 'Máximo de 1 MB de texto por campo.',
  formTooLong: 'Máximo de 2 MB de texto no formulário.',
  foreignOrigin: 'Origem da requisição não permitida.',
  underConstruction: 'Em construção',
  networkError: 'Não foi possível contactar o servidor. Verifique sua conexão.',
} as const;

/** The field app offline (docs/rules.md#offline-sync). Here, not in offline.ts, so the sign-in bundle needs no field labels. */
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
    'Há lançamentos que ainda não foram enviados. Ao sair, eles são apagados deste aparelho e não serão enviados. Sair e descartar?',
  signOutDiscard: 'Sair e descartar',
  receiptOffline: 'Sem conexão: preencha os dados do comprovante manualmente.',
  // The screen an error boundary shows instead of a blank page (docs/rules.md#offline-sync).
  errorTitle: 'Algo deu errado',
  errorText: 'Esta tela não pôde ser mostrada.',
  needsConnection: 'Sem conexão: esta tela ainda não foi aberta neste aparelho e precisa de internet para carregar.',
  keptEntries: 'Os lançamentos pendentes continuam guardados neste aparelho.',
  reload: 'Recarregar',
} as const;
