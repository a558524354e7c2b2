import { isoDateText, recordIdNumberSchema, recordIdSchema } from './edge-schemas';
import { z } from './zod';

// The receipt parser is part of this feature's shared code (one export line in index.ts).
export * from './equipment-label';
export * from './nfce-qr';
export * from './receipt-parser';

/** Texts of the expense entry and the text-extraction page (docs/screens.md#order-card-modals, docs/screens.md#other-screens, docs/rules.md#validation, docs/api.md#errors). */
export const EXPENSE_MSG = {
  modalTitle: 'Lançamento de Despesas',
  ocrBusy: 'Processando OCR…',
  /** Beside a field the receipt reader filled but is not sure of (docs/rules.md#receipts). */
  ocrCheck: 'Confira este valor',
  /** Beside a field taken from the NFC-e's QR code: the tax authority's own figure. */
  ocrFromQr: 'Lido do QR Code da NFC-e',
  required: 'Preencha todos dos dados,data, documento, valor e tipo de despesa no formulário.',
  typeRequired: 'Preencha o tipo de despesa.',
  descricaoMin: 'Preencha descrição com ao menos 15 caracteres.',
  saved: 'Cadastrado realizado com sucesso!',
  // docs/rules.md#fixed-defects: the receipt photo is required; failures are shown, not only logged.
  photoRequired: 'Anexe a foto do comprovante.',
  photoTooLarge: 'A imagem é muito grande. Tamanho máximo: 10MB.',
  photoNotImage: 'Envie uma imagem válida (PNG, JPG ou JPEG).',
  valorInvalid: 'Informe um valor válido, com vírgula para os centavos (ex.: 87,45).',
  typeUnknown: 'Tipo de despesa não encontrado.',
  saveFailed: 'Não foi possível salvar a despesa. Tente novamente.',
  updateFailed: 'Não foi possível atualizar a despesa. O valor anterior foi restaurado.',
  ocrFailed: 'Não foi possível ler o comprovante. Preencha os campos manualmente.',
  imageFailed: 'Erro ao processar a imagem',
  extractFailed: 'Erro ao extrair texto',
  copyFailed: 'Falha ao copiar texto.',
  copied: 'Texto copiado!',
  emptyTable: 'Nenhuma despesa lançada.',
  typesFailed: 'Não foi possível carregar os tipos de despesa.',
  listFailed: 'Não foi possível carregar as despesas.',
} as const;

/** Row-editor choices of docs/rules.md#validation (the register may hold more; the API accepts any registered name). */
export const EXPENSE_TYPE_CHOICES = ['Alimentação', 'Combustível', 'Hospedagem', 'Outros'] as const;

export const DESCRICAO_MIN = 15;

/**
 * A money text typed by a person or read from a receipt, in centavos: '1.234,56', '87,45', '87.45',
 * 'R$ 12' (a dot followed by exactly three digits groups thousands).
 * Undefined when it is not a non-negative amount.
 */
export function parseValorToCentavos(input: string | number | null | undefined): number | undefined {
  if (input === null || input === undefined) return undefined;
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 ? Math.round(input * 100) : undefined;
  const text = input.replace(/R\$|\s/gi, '');
  let plain: string;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) {
    plain = text.replace(/\./g, '').replace(',', '.');
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    plain = text;
  } else {
    return undefined;
  }
  return Math.round(Number(plain) * 100);
}

/** Centavos as the form's text: 123456 -> '1234,56'. */
export function centavosToInput(centavos: number): string {
  return (centavos / 100).toFixed(2).replace('.', ',');
}

/** Text fields of POST /api/despesa/ (multipart, docs/api.md#records). Checked in the order of docs/rules.md#validation's messages. */
export const despesaFieldsSchema = z.object({
  data: z.string().trim().min(1, EXPENSE_MSG.required).pipe(isoDateText),
  docnr: z.string().trim().min(1, EXPENSE_MSG.required).max(60),
  valor: z.string().trim().min(1, EXPENSE_MSG.required),
  tipodespesa: z.string().trim().min(1, EXPENSE_MSG.typeRequired).max(100),
  descricao: z.string().trim().min(DESCRICAO_MIN, EXPENSE_MSG.descricaoMin).max(2000),
  observacao: z.string().trim().max(2000).optional().default(''),
  osnumero: recordIdSchema,
});

/** Body of PUT /api/despesa/atualizatabela/{id} (docs/api.md#records; valor a number in reais, docs/rules.md#api-conventions). */
export const despesaUpdateSchema = z.object({
  data: isoDateText,
  docnr: z.string().trim().min(1, EXPENSE_MSG.required).max(60),
  valor: z.union([z.number().nonnegative(), z.string().trim().min(1)]),
  observacao: z.string().trim().max(2000).optional().default(''),
  descricao: z.string().trim().min(DESCRICAO_MIN, EXPENSE_MSG.descricaoMin).max(2000),
  tipodespesa: z.union([z.string().trim().min(1, EXPENSE_MSG.typeRequired).max(100), recordIdNumberSchema]),
});

/** An expense as the API answers it (docs/rules.md#entities; valor in reais, tipodespesa the type's name, imagem served at /uploads/{imagem}). */
export interface Despesa {
  id: number;
  data: string;
  docnr: string;
  valor: number;
  observacao: string;
  descricao: string;
  tipodespesa: string;
  tipodespesaId: number;
  imagem: string | null;
  osnumero: number;
}

/**
 * What POST /api/mistral/analyze-gemini answers (docs/api.md#records): data 'DD/MM/YYYY', the document number,
 * valor as the form's text ('1234,56'). A field that could not be read is ''.
 */
export interface ReceiptReading {
  data: string;
  codigo_ou_numero_do_documento: string;
  valor: string;
  /** Issuer CNPJ from the NFC-e access key, when a QR code was read. */
  cnpj: string;
  /** Where the fields came from. */
  fonte: 'qrcode' | 'ocr' | 'externo' | 'qrcode+ocr' | 'qrcode+externo';
  /**
   * How each filled field was read: 'qrcode' (the NFC-e's QR code, the tax authority's own figure), 'lido' (read
   * with confidence) or 'confira' (in doubt: the form marks it 'Confira este valor'). Empty fields are absent.
   */
  confianca: Partial<Record<ReceiptField, ReceiptConfidence>>;
}

export type ReceiptField = 'data' | 'codigo_ou_numero_do_documento' | 'valor';
export type ReceiptConfidence = 'qrcode' | 'lido' | 'confira';

/** Answer of /api/mistral/extract-text and /api/mistral/analyze-gemini-rotulos. */
export interface TextExtraction {
  extractedText: string;
  analysis?: Record<string, string>;
}
