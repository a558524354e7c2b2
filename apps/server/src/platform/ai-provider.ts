import type { Config } from './config';
import { openImage } from './images';

/**
 * The configured AI provider (OCR_PROVIDER=openai): an OpenAI-compatible chat-completions
 * endpoint (OCR_API_URL, OCR_API_KEY, OCR_MODEL). Used for receipt and label reading and for
 * writing prompts; every caller keeps a local fallback for when it is unset or fails.
 */
export type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };

export const aiProviderConfigured = (config: Config) => config.ocrProvider === 'openai' && Boolean(config.ocrApiUrl);

function chatCompletionsUrl(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return /\/chat\/completions$/.test(trimmed) ? trimmed : `${trimmed}/chat/completions`;
}

/** One user message to the provider; answers the text of its reply (30 s at most). */
export async function askAiProvider(config: Config, content: ContentPart[], { temperature = 0 } = {}): Promise<string> {
  if (!config.ocrApiUrl) throw new Error('OCR_API_URL is not set');
  const response = await fetch(chatCompletionsUrl(config.ocrApiUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(config.ocrApiKey ? { authorization: `Bearer ${config.ocrApiKey}` } : {}),
    },
    body: JSON.stringify({ model: config.ocrModel, temperature, messages: [{ role: 'user', content }] }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!response.ok) throw new Error(`provider answered ${response.status}`);
  const body = (await response.json()) as { choices?: { message?: { content?: unknown } }[] };
  const text = body.choices?.[0]?.message?.content;
  if (typeof text !== 'string') throw new Error('provider reply has no text');
  return text;
}

/** Sends the photo to the configured AI provider; answers the parsed JSON of its reply. */
export async function askAiProviderAboutPhoto(config: Config, photo: Buffer, prompt: string): Promise<Record<string, unknown>> {
  const jpeg = await openImage(photo)
    .rotate()
    .resize({ width: 1600, height: 1600, fit: 'inside', withoutEnlargement: true })
    .jpeg()
    .toBuffer();
  const content = await askAiProvider(config, [
    { type: 'text', text: prompt },
    { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${jpeg.toString('base64')}` } },
  ]);
  const json = /\{[\s\S]*\}/.exec(content)?.[0];
  if (!json) throw new Error('provider reply is not JSON');
  return JSON.parse(json) as Record<string, unknown>;
}
