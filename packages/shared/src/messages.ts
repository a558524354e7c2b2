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
  fieldTooLong: 'Máximo de 1 MB de texto por campo.',
  formTooLong: 'Máximo de 2 MB de texto no formulário.',
  foreignOrigin: 'Origem da requisição não permitida.',
  underConstruction: 'Em construção',
  networkError: 'Não foi possível contactar o servidor. Verifique sua conexão.',
} as const;
