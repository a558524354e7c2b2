import path from 'node:path';

/** Settings of the runtime contract (ARCHITECTURE.md), all optional, from the environment. */
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
  /** KEEP_ORIGINAL_PHOTOS=1: besides the reduced copy, keep the photo as uploaded (DECISIONS.md §7). */
  keepOriginalPhotos: boolean;
  /** OCR_PROVIDER=openai: an OpenAI-compatible vision endpoint (base URL or full /chat/completions URL), key and model. */
  ocrApiUrl: string | undefined;
  ocrApiKey: string | undefined;
  ocrModel: string;
  /** Idle and absolute session expiry, in minutes. */
  sessionIdleMinutes: number;
  sessionMaxMinutes: number;
  /** Where the built web app lives; served when present. */
  webDist: string | undefined;
  /**
   * Which peers may speak for the client through X-Forwarded-For/-Proto (Fastify's trustProxy): by
   * default only a reverse proxy on this host. Trusting everyone would let any client choose its own
   * address and walk past the per-address sign-in lockout.
   */
  trustProxy: boolean | string;
}

/** TRUST_PROXY: unset = 'loopback'; '1'/'true' = every peer; '0'/'false' = none; else addresses/CIDRs, comma-separated. */
function parseTrustProxy(value: string | undefined): boolean | string {
  if (!value) return 'loopback';
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  return value;
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
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../../web/dist'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
