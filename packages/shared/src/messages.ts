/**
 * Every Portuguese text that both sides show, written once (spec §5, §8).
 * Spelling and typos are the spec's own where it marks them so.
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
  foreignOrigin: 'Origem da requisição não permitida.',
  underConstruction: 'Em construção',
  networkError: 'Não foi possível contactar o servidor. Verifique sua conexão.',
} as const;
