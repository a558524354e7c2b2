import { describe, expect, it } from 'vitest';
import { buildPrompt, GERAR_MSG, gerarPdfSchema, pdfFileName } from './utilities';

describe('pdfFileName (docs/rules.md#constants)', () => {
  const hoje = new Date(2026, 0, 5);
  it('appends the date by default', () => {
    expect(pdfFileName('relatorio', { hoje })).toBe('relatorio-2026-01-05.pdf');
  });
  it('leaves the date out when asked', () => {
    expect(pdfFileName('relatorio', { incluirData: false })).toBe('relatorio.pdf');
  });
  it('does not double .pdf and falls back to the default name', () => {
    expect(pdfFileName('ata.PDF', { incluirData: false })).toBe('ata.pdf');
    expect(pdfFileName('  ', { incluirData: false })).toBe('documento-gerado.pdf');
  });
});

describe('buildPrompt', () => {
  it('has role, context, task and output format, with the inputs', () => {
    const prompt = buildPrompt({ titulo: 'Manutenção preventiva', conteudo: 'Troca de óleo do gerador.' });
    for (const heading of ['## Papel', '## Contexto', '## Tarefa', '## Formato da resposta']) expect(prompt).toContain(heading);
    expect(prompt).toContain('Manutenção preventiva');
    expect(prompt).toContain('Troca de óleo do gerador.');
  });
});

describe('gerarPdfSchema', () => {
  it('refuses empty fields and unsafe file names with Portuguese messages', () => {
    const r = gerarPdfSchema.safeParse({ titulo: ' ', conteudo: 'x', nomeArquivo: 'a/b' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain('Preencha o título.');
    expect(messages).toContain(GERAR_MSG.nomeArquivoInvalid);
    expect(GERAR_MSG.nomeArquivoInvalid).not.toContain('/');
  });
});
