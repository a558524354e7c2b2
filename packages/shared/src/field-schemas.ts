/**
 * The payload schemas of the field engineer's records (docs/api.md#records, docs/rules.md#validation), shared by
 * the forms and the routes; their messages and types are field.ts (which the job list reads without Zod).
 */
import { EDGE_MSG, hint, whenMissing } from './edge';
import { recordIdSchema } from './edge-schemas';
import { FIELD_MSG } from './field';
import { z } from './zod';

const isoDate = z.iso.date();
/** A required text whose missing or empty value answers the old product's message, a too-long one its maximum. */
const requiredText = (message: string, max: number) => z.string(whenMissing(message)).trim().min(1, message).max(max);
/** 'HH:mm' (seconds tolerated, dropped). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, hint(EDGE_MSG.time));
/** A number, or a text with a comma or point as decimal mark ('12,5'). */
const decimal = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d+([.,]\d+)?$/, hint(EDGE_MSG.number)),
  ])
  .transform((v) => (typeof v === 'number' ? v : Number(v.replace(',', '.'))));
const km = decimal.pipe(z.number().min(0).max(100_000));
const orderId = recordIdSchema;
/** Holiday: 'sim'/'nao' as the old product sends it; booleans and 'Sim'/'Não' tolerated. */
const feriado = z
  .union([z.boolean(), z.string()])
  .transform((v) => (typeof v === 'boolean' ? v : ['sim', 's', 'true', '1'].includes(v.trim().toLowerCase())));
const text = (max: number) => z.string().trim().max(max);

/** POST /api/viagemida/ (docs/api.md#timesheet). duracaoida is accepted and ignored: the server recomputes it. */
export const viagemIdaSchema = z.object({
  dataida: isoDate,
  saidaida: clock,
  chegadaida: clock,
  duracaoida: z.unknown().optional(),
  kmida: km,
  obsida: text(2000).optional().default(''),
  numeroos: orderId,
});
export type ViagemIdaInput = z.input<typeof viagemIdaSchema>;

export const servicoSchema = z.object({
  dataservico: isoDate,
  feriado: feriado.optional().default(false),
  entradaservico: clock,
  saidaservico: clock,
  /** Decimal hours (docs/rules.md#api-conventions). */
  intervalo: decimal.pipe(z.number().min(0).max(24)).optional().default(0),
  duracaoservico: z.unknown().optional(),
  numeroos: orderId,
});
export type ServicoInput = z.input<typeof servicoSchema>;
export const servicoUpdateSchema = servicoSchema.omit({ numeroos: true });

export const viagemVoltaSchema = z.object({
  datavolta: isoDate,
  saidavolta: clock,
  chegadavolta: clock,
  duracaovolta: z.unknown().optional(),
  tempoEspera: clock.optional().default('00:00'),
  kmvolta: km,
  obsvolta: text(2000).optional().default(''),
  numeroos: orderId,
});
export type ViagemVoltaInput = z.input<typeof viagemVoltaSchema>;
export const viagemIdaUpdateSchema = viagemIdaSchema.omit({ numeroos: true });
export const viagemVoltaUpdateSchema = viagemVoltaSchema.omit({ numeroos: true });

/** Multipart text fields of POST /api/descricao/ (docs/api.md#records). */
export const descricaoFieldsSchema = z.object({
  data: z.string(whenMissing(FIELD_MSG.descricaoRequired)).min(1, FIELD_MSG.descricaoRequired).pipe(isoDate),
  descricao: requiredText(FIELD_MSG.descricaoRequired, 10_000),
  osnumber: orderId,
  nomeFoto: z.string().max(200).optional(),
});
export const descricaoUpdateSchema = z.object({
  data: z.string(whenMissing(FIELD_MSG.descricaoRequired)).min(1, FIELD_MSG.descricaoRequired).pipe(isoDate),
  descricao: requiredText(FIELD_MSG.descricaoRequired, 10_000),
});

export const assinaturaSchema = z.object({
  ordemServicoId: orderId,
  /** A PNG data URL; the server checks the bytes really are a PNG of bounded size. */
  assinatura: z.string().startsWith('data:image/png;base64,', FIELD_MSG.signatureInvalid),
  /** The signer's name (docs/rules.md#daily-use): required; left out, the order's responsavel. */
  nome: z.string().trim().max(200).optional(),
});
