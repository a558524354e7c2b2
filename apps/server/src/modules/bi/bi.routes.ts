import type { BiConfig } from '@os/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../platform/config';

/** /bi is public (docs/screens.md#routes); the address of the embedded dashboard is the BI_EMBED_URL setting. */
export const biRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  app.get(
    '/api/bi/config',
    { config: { access: 'public' } },
    async (): Promise<BiConfig> => ({ embedUrl: embedUrl(config.biEmbedUrl) }),
  );
};

/** Only an https address is framed (the CSP's frame-src allows no other); anything else counts as not configured. */
function embedUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' ? url.toString() : '';
  } catch {
    return '';
  }
}
