import type { TestContext } from './helper';

/**
 * The routes that read a multipart form and the field each one's file goes in (docs/rules.md#files);
 * `portal`: called with a portal contact's session. formRoutes() finds them in the app, so a test can
 * check that this list is whole.
 */
export const UPLOAD_ROUTES: { url: string; field: string; portal?: true }[] = [
  { url: '/api/descricao/', field: 'imagem' },
  { url: '/api/despesa/', field: 'imagem' },
  { url: '/api/mistral/analyze-gemini', field: 'image' },
  { url: '/api/mistral/extract-text', field: 'image' },
  { url: '/api/mistral/analyze-gemini-rotulos', field: 'image' },
  { url: '/api/extract-text', field: 'pdfFile' },
  { url: '/api/uploadDocs', field: 'image' },
  { url: '/api/sendMail', field: 'file' },
  { url: '/api/portal/solicitacoes', field: 'fotos', portal: true },
  { url: '/api/checklist/respostas', field: 'foto' },
];

/** Plausible text fields of every upload form, for an order. */
export const uploadFields = (orderId: number) => ({
  data: '2026-11-21',
  descricao: 'Troca do rolamento do eixo principal',
  osnumber: String(orderId),
  osnumero: String(orderId),
  docnr: '123',
  valor: '10,00',
  tipodespesa: 'Alimentação',
  to: 'cliente@example.com',
  motivo: 'Máquina parada',
});

/**
 * The POST routes without a JSON body and without path parameters: the ones that read a form (sign-outs read no
 * body; the WhatsApp webhook reads the provider's JSON as raw bytes, to check its signature).
 */
export function formRoutes(t: TestContext): string[] {
  const paths = (t.app.swagger() as unknown as { paths: Record<string, Record<string, { requestBody?: unknown }>> }).paths;
  return t.app.accessRoutes
    .filter(({ method, url }) => {
      if (method !== 'POST' || url.startsWith('/api/auth/') || url === '/api/portal/sair') return false;
      if (url === '/api/whatsapp/webhook') return false;
      const op = paths[url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.post ?? paths[url.replace(/\/$/, '')]?.post;
      return !op?.requestBody && !url.includes(':');
    })
    .map((r) => r.url);
}
