import { parseEquipmentLabel, type TextExtraction } from '@os/shared';
import type { FastifyBaseLogger } from 'fastify';
import { aiProviderConfigured, askAiProviderAboutPhoto } from '../../platform/ai-provider';
import type { Config } from '../../platform/config';
import { assertImage, extractTextLocally } from '../../platform/ocr';

/* The image text-extraction test page (/rotulos): the text of a photo, and an equipment label's fields. */

const LABEL_PROMPT =
  'Transcreva todo o texto desta etiqueta/placa de equipamento. Responda somente com JSON: ' +
  '{"extractedText": "...", "analysis": {"fabricante": "", "modelo": "", "numero_serie": "", "tensao": "", "corrente": "", "potencia": "", "frequencia": "", "ano_fabricacao": ""}}. ' +
  'Omita em analysis os campos ausentes.';

/** The plain text of a photo (docs/screens.md#rotulos): local OCR. */
export async function extractText(photo: Buffer): Promise<TextExtraction> {
  await assertImage(photo);
  return { extractedText: await extractTextLocally(photo) };
}

/** Text plus the fields of an equipment label (docs/screens.md#rotulos); provider first when configured. */
export async function analyzeLabel(photo: Buffer, config: Config, log?: FastifyBaseLogger): Promise<TextExtraction> {
  await assertImage(photo);
  if (aiProviderConfigured(config)) {
    try {
      const answer = await askAiProviderAboutPhoto(config, photo, LABEL_PROMPT);
      const extractedText = typeof answer.extractedText === 'string' ? answer.extractedText : '';
      const analysis: Record<string, string> = {};
      if (answer.analysis && typeof answer.analysis === 'object') {
        for (const [k, v] of Object.entries(answer.analysis as Record<string, unknown>)) {
          if ((typeof v === 'string' || typeof v === 'number') && String(v).trim()) analysis[k] = String(v).trim();
        }
      }
      if (extractedText) return { extractedText, analysis };
    } catch (err) {
      log?.warn({ err: String(err) }, 'OCR provider failed; reading the label locally');
    }
  }
  const extractedText = await extractTextLocally(photo);
  return { extractedText, analysis: parseEquipmentLabel(extractedText) };
}
