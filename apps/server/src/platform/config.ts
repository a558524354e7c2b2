import path from 'node:path';
import type { S3Settings } from './storage';

/** Settings of the runtime contract (docs/architecture.md#runtime-contract), all optional, from the environment. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  appUrl: string;
  biEmbedUrl: string;
  ocrProvider: string | undefined;
  /** KEEP_ORIGINAL_PHOTOS=1: besides the reduced copy, keep the photo as uploaded (docs/rules.md#beyond-the-old-product). */
  keepOriginalPhotos: boolean;
  /** OCR_PROVIDER=openai: an OpenAI-compatible vision endpoint (base URL or full /chat/completions URL), key and model. */
  ocrApiUrl: string | undefined;
  ocrApiKey: string | undefined;
  ocrModel: string;
  /** Idle and absolute session expiry, in minutes. */
  sessionIdleMinutes: number;
  sessionMaxMinutes: number;
  /** A portal session ends this many minutes after it began, whatever its use (docs/rules.md#portal). */
  portalSessionMaxMinutes: number;
  /** NOTICE_DELAY_MINUTES: an agenda notice goes once the plan has been unchanged this long (docs/rules.md#notices-that-settle). */
  noticeDelayMinutes: number;
  /** Where the built web app lives; served when present. */
  webDist: string | undefined;
  /**
   * Which peers may speak for the client through X-Forwarded-For/-Proto (Fastify's trustProxy): by
   * default only a reverse proxy on this host. Trusting everyone would let any client choose its own
   * address and walk past the per-address sign-in lockout.
   */
  trustProxy: boolean | string;
  /** S3_BUCKET set: every stored file goes to that bucket instead of DATA_DIR (platform/storage.ts). */
  s3: S3Settings | undefined;
  /** METRICS_TOKEN: a bearer token that may read GET /api/metrics besides a signed-in administrator. */
  metricsToken: string | undefined;
  /**
   * PIX_API_URL with PIX_CLIENT_ID and PIX_CLIENT_SECRET: a bank's PIX API (docs/rules.md#pix) makes each closing's
   * charge dynamic; PIX_WEBHOOK_SECRET is the last part of the address the bank posts payments to.
   */
  pixApi: { url: string; clientId: string; clientSecret: string } | undefined;
  pixWebhookSecret: string | undefined;
  /** WhatsApp messages (docs/rules.md#whatsapp): the provider's settings, the templates, the settling delay. */
  whatsapp: WhatsappSettings;
}

/** The template settings of each moment, with their pt_BR defaults (README). */
export const WHATSAPP_TEMPLATE_SETTINGS = {
  agendamento: ['WHATSAPP_TEMPLATE_AGENDAMENTO', 'os_visita_agendada'],
  agendamentoTecnico: ['WHATSAPP_TEMPLATE_AGENDAMENTO_TECNICO', 'os_agenda_tecnico'],
  a_caminho: ['WHATSAPP_TEMPLATE_A_CAMINHO', 'os_tecnico_a_caminho'],
  concluida: ['WHATSAPP_TEMPLATE_CONCLUIDA', 'os_concluida'],
  aprovacao: ['WHATSAPP_TEMPLATE_APROVACAO', 'os_aprovacao'],
  orcamento: ['WHATSAPP_TEMPLATE_ORCAMENTO', 'os_orcamento_enviado'],
  cobranca: ['WHATSAPP_TEMPLATE_COBRANCA', 'os_cobranca_pix'],
} as const;
export type WhatsappTemplateKey = keyof typeof WHATSAPP_TEMPLATE_SETTINGS;

export interface WhatsappSettings {
  /** WHATSAPP_PROVIDER: 'meta' (WhatsApp Cloud API), 'evolution' (Evolution API) or unset (nothing sent). */
  provider: 'meta' | 'evolution' | undefined;
  meta: { apiUrl: string; apiVersion: string; token: string; phoneNumberId: string; appSecret: string; verifyToken: string };
  evolution: { url: string; instance: string; apiKey: string };
  /** Template names by moment; an empty setting is a missing template (the message fails, saying which). */
  templates: Record<WhatsappTemplateKey, string>;
  language: string;
  /** NOTICE_DELAY_MINUTES: scheduling messages wait for the plan to settle (docs/rules.md#whatsapp). */
  noticeDelayMinutes: number;
  /** How often each process's worker looks for due messages. */
  pollSeconds: number;
}

function whatsappSettings(env: NodeJS.ProcessEnv): WhatsappSettings {
  const provider = env.WHATSAPP_PROVIDER === 'meta' || env.WHATSAPP_PROVIDER === 'evolution' ? env.WHATSAPP_PROVIDER : undefined;
  const templates = Object.fromEntries(
    Object.entries(WHATSAPP_TEMPLATE_SETTINGS).map(([key, [name, fallback]]) => [key, (env[name] ?? fallback).trim()]),
  ) as Record<WhatsappTemplateKey, string>;
  return {
    provider,
    meta: {
      apiUrl: env.WHATSAPP_API_URL || 'https://graph.facebook.com',
      apiVersion: env.WHATSAPP_API_VERSION || 'v21.0',
      token: env.WHATSAPP_TOKEN ?? '',
      phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID ?? '',
      appSecret: env.WHATSAPP_APP_SECRET ?? '',
      verifyToken: env.WHATSAPP_VERIFY_TOKEN ?? '',
    },
    evolution: { url: env.EVOLUTION_URL ?? '', instance: env.EVOLUTION_INSTANCE ?? '', apiKey: env.EVOLUTION_API_KEY ?? '' },
    templates,
    language: env.WHATSAPP_TEMPLATE_LANG || 'pt_BR',
    noticeDelayMinutes: Math.max(0, Number(env.NOTICE_DELAY_MINUTES ?? 5) || 0),
    pollSeconds: Math.max(1, Number(env.WHATSAPP_POLL_SECONDS ?? 10) || 10),
  };
}

/** TRUST_PROXY: unset = 'loopback'; '1'/'true' = every peer; '0'/'false' = none; else addresses/CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value) return 'loopback';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return value;
}

/** NOTICE_DELAY_MINUTES: minutes (a fraction allowed), default 5; 0 sends at once. */
function noticeDelay(value: string | undefined): number {
  const minutes = Number(value ?? 5);
  return Number.isFinite(minutes) && minutes >= 0 ? minutes : 5;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demoData: env.DEMO_DATA === '1',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Sistema de OS <nao-responda@localhost>',
    appUrl: env.APP_URL ?? `http://localhost:${port}`,
    biEmbedUrl: env.BI_EMBED_URL ?? '',
    ocrProvider: env.OCR_PROVIDER || undefined,
    keepOriginalPhotos: env.KEEP_ORIGINAL_PHOTOS === '1',
    ocrApiUrl: env.OCR_API_URL || undefined,
    ocrApiKey: env.OCR_API_KEY || undefined,
    ocrModel: env.OCR_MODEL || 'gpt-4o-mini',
    sessionIdleMinutes: Number(env.SESSION_IDLE_MINUTES ?? 8 * 60),
    sessionMaxMinutes: Number(env.SESSION_MAX_MINUTES ?? 7 * 24 * 60),
    portalSessionMaxMinutes: Number(env.PORTAL_SESSION_MAX_MINUTES ?? 90 * 24 * 60),
    noticeDelayMinutes: noticeDelay(env.NOTICE_DELAY_MINUTES),
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../web/dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pixApi: env.PIX_API_URL
      ? { url: env.PIX_API_URL, clientId: env.PIX_CLIENT_ID ?? '', clientSecret: env.PIX_CLIENT_SECRET ?? '' }
      : undefined,
    pixWebhookSecret: env.PIX_WEBHOOK_SECRET || undefined,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT || undefined,
          region: env.S3_REGION || 'us-east-1',
          accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    whatsapp: whatsappSettings(env),
  };
}
