/**
 * The field engineer's records (docs/screens.md#service-orders, docs/screens.md#order-card-modals, docs/rules.md#entities, docs/rules.md#validation, docs/api.md#records, docs/api.md#errors): timesheet, descriptions,
 * signature and the order cards. Their payload schemas, shared by the forms
 * and the routes, are field-schemas.ts.
 */
export * from './durations';

/** Messages of the engineer screens, letter for letter (docs/rules.md#validation, docs/api.md#errors) or ours in the same style. */
export const FIELD_MSG = {
  signerNameRequired: 'Informe o nome de quem assina.',
  /** An order that left the technician's list because it reached Concluído (docs/rules.md#daily-use). */
  orderConcluded: (numero: string) => `OS ${numero} concluída.`,
  idaRequired: 'Preencha todos os dados do Formulário...',
  servicoRequired: 'Preencha todos os dados do Serviço...',
  voltaRequired: 'Preencha todos os dados da Viagem de Volta...',
  idaSaved: 'Dados da Viagem de Ida salvos com sucesso...',
  servicoSaved: 'Dados do Serviço salvos com sucesso...',
  voltaSaved: 'Dados da Viagem de Volta salvos com sucesso...',
  idaFailed: 'Ocorreu um erro ao salvar os dados da viagem de ida.',
  servicoFailed: 'Ocorreu um erro ao salvar os dados do serviço.',
  voltaFailed: 'Ocorreu um erro ao salvar os dados da viagem de volta.',
  idaLocked: 'A OS está em andamento: a edição da Viagem de Ida está bloqueada.',
  idaNegative: 'A chegada da Viagem de Ida deve ser igual ou posterior à saída.',
  descricaoRequired: 'Preencha uma data e uma descrição.',
  descricaoSaved: 'Descrição e imagem salvas com sucesso!',
  descricaoFailed: 'Falha ao salvar os dados no servidor.',
  photoTooLarge: 'A imagem é muito grande. Tamanho máximo: 10MB.',
  photoNotImage: 'Envie uma imagem válida (JPG ou PNG).',
  cameraError: 'Erro ao acessar a câmera: ',
  cameraPermission: 'Não foi possível acessar a câmera. Por favor, verifique as permissões.',
  cameraUnavailable: 'Câmera não disponível neste dispositivo ou navegador.',
  /** What follows cameraError, in Portuguese whatever the browser says (docs/rules.md#daily-use). */
  cameraNotFound: 'nenhuma câmera encontrada neste aparelho. Use "Escolher foto".',
  cameraBusy: 'a câmera está em uso por outro aplicativo. Feche-o e tente de novo, ou use "Escolher foto".',
  cameraFailed: 'não foi possível abrir a câmera. Use "Escolher foto".',
  photoCapturedTitle: 'Foto capturada!',
  photoCapturedText: 'A imagem foi adicionada ao formulário.',
  signatureSaved: 'Assinatura salva!',
  signatureFailed: 'Não foi possível salvar a assinatura.',
  signatureInvalid: 'A assinatura deve ser uma imagem PNG válida.',
  signatureTooLarge: 'A assinatura é muito grande.',
  signatureDetected: 'Assinatura detectada',
  rowSaveFailed: 'Não foi possível salvar a alteração. Os valores anteriores foram restaurados.',
  noOrderSelected: 'Nenhuma ordem de serviço selecionada.',
  noOpenOrders: 'Nenhuma ordem de serviço em aberto.',
  loadFailed: 'Não foi possível carregar os dados. Tente novamente.',
} as const;

/** Signature canvas and camera constants (docs/rules.md#constants). */
export const SIGNATURE_CANVAS = { width: 600, height: 250, strokeWidth: 2 } as const;
/** Largest accepted signature PNG, decoded (a 600x250 drawing is a few tens of KB). */
export const SIGNATURE_MAX_BYTES = 512 * 1024;
export const CAMERA_CONSTRAINTS = {
  width: { ideal: 1920, min: 1280, max: 2560 },
  height: { ideal: 1080, min: 720, max: 1440 },
} as const;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;

export interface ViagemIda {
  id: number;
  dataida: string;
  saidaida: string;
  chegadaida: string;
  /** 'HH:mm' */
  duracaoida: string;
  kmida: number;
  obsida: string;
  numeroos: number;
}
export interface Servico {
  id: number;
  dataservico: string;
  feriado: 'sim' | 'nao';
  entradaservico: string;
  saidaservico: string;
  /** decimal hours */
  intervalo: number;
  /** decimal hours */
  duracaoservico: number;
  numeroos: number;
}
export interface ViagemVolta {
  id: number;
  datavolta: string;
  saidavolta: string;
  chegadavolta: string;
  duracaovolta: string;
  tempoEspera: string;
  kmvolta: number;
  obsvolta: string;
  numeroos: number;
}
export interface Descricao {
  id: number;
  data: string;
  descricao: string;
  /** File name served at /uploads/{imagem}, or null. */
  imagem: string | null;
  osnumber: number;
}
export interface Assinatura {
  ordemServicoId: number;
  /** File name served at /uploads/{imagem}; null when the order is not signed yet. */
  imagem: string | null;
  nome: string | null;
  signed_at: string | null;
}
/** An order card of /service-orders (docs/screens.md#service-orders). */
export interface Lancamento {
  id: number;
  numero: number;
  cliente: string;
  status: string;
  data: string;
  endDate: string | null;
  nr_peca: string;
  nr_serie: string;
  engenheiro: string | null;
  engenheiroNome: string | null;
  motivo: string;
  responsavel: string;
  equipamento: string;
  /** The client's registered equipment the order is for, or null (docs/rules.md#equipment). */
  equipamentoId: number | null;
  cidade: string;
  /** The planned window, 'YYYY-MM-DDTHH:mm' or null (docs/rules.md#agenda). */
  agendaInicio: string | null;
  agendaFim: string | null;
  /** The client's address on one line, for the map link ('' when the register has none). */
  endereco: string;
}
