import { describe, expect, it } from 'vitest';
import { checklistTemplateInputSchema, equipmentTypeKey, formatRange, judgeAnswer, parseReading } from './checklists';

const reading = { tipo: 'leitura' as const, minimo: 210, maximo: 230, opcoes: [] };

describe('the judgement of an answer (docs/rules.md#checklists)', () => {
  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    [' -3 ', -3],
    ['220', 220],
    ['12,5,1', null],
    ['1e400', null],
    ['NaN', null],
    ['', null],
    ['Infinity', null],
    ['1.234,5', null],
  ])('parseReading(%j) is %s', (raw, value) => {
    expect(parseReading(raw)).toBe(value);
  });

  it('a reading on a limit is within; outside it is Não conforme; the value is written the Brazilian way', () => {
    expect(judgeAnswer(reading, '210')).toEqual({ ok: true, valor: '210', numero: 210, resultado: 'Conforme' });
    expect(judgeAnswer(reading, '230,0')).toMatchObject({ ok: true, valor: '230', resultado: 'Conforme' });
    expect(judgeAnswer(reading, '230.01')).toMatchObject({ ok: true, valor: '230,01', resultado: 'Não conforme' });
    expect(judgeAnswer(reading, '209,9')).toMatchObject({ resultado: 'Não conforme' });
    expect(judgeAnswer({ ...reading, minimo: null, maximo: null }, '5')).toMatchObject({ ok: true, resultado: null });
    expect(judgeAnswer(reading, 'abc')).toEqual({ ok: false, error: 'Leitura: informe um número, como 220 ou 12,5.' });
  });

  it('conformity, option and text answers', () => {
    const conform = { tipo: 'conformidade' as const, minimo: null, maximo: null, opcoes: [] };
    expect(judgeAnswer(conform, 'N/A')).toMatchObject({ ok: true, resultado: 'N/A' });
    expect(judgeAnswer(conform, 'sim')).toMatchObject({ ok: false });
    const option = { tipo: 'opcao' as const, minimo: null, maximo: null, opcoes: ['Baixo', 'Normal'] };
    expect(judgeAnswer(option, 'Normal')).toMatchObject({ ok: true, resultado: null });
    expect(judgeAnswer(option, 'Alto')).toEqual({ ok: false, error: 'Resposta: escolha uma das opções do item.' });
    expect(judgeAnswer({ ...option, tipo: 'texto' }, '  ')).toMatchObject({ ok: false });
  });

  it('ranges, types and the template schema', () => {
    expect(formatRange({ minimo: 210, maximo: 230, unidade: 'V' })).toBe('210–230 V');
    expect(formatRange({ minimo: 0.5, maximo: null, unidade: 'MΩ' })).toBe('≥ 0,5 MΩ');
    expect(equipmentTypeKey(' Transformadór ')).toBe('transformador');
    const parsed = checklistTemplateInputSchema.safeParse({
      nome: 'Nobreak',
      itens: [{ texto: 'Autonomia', tipo: 'opcao', opcoes: 'Boa\nRuim; Crítica' }],
    });
    expect(parsed.success && parsed.data.itens[0]!.opcoes).toEqual(['Boa', 'Ruim', 'Crítica']);
  });
});
