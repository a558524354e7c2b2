import { describe, expect, it } from 'vitest';
import { confirmDeleteWithRecordsMessage, isIsoDate, type Order, orderCreateSchema, orderExportTable, toCsv } from './orders';

const order: Order = {
  id: 7,
  numero: 12,
  data: '2026-03-05',
  cliente: 'Alfa; Energia "Sul"',
  clienteId: 1,
  responsavel: 'Ana',
  cidade: 'Recife',
  engenheiro: 'joao',
  engenheiroId: 2,
  engenheiroNome: 'João da Silva',
  equipamento: '=2+2',
  nr_peca: 'P-1',
  nr_serie: 'S-1',
  motivo: 'linha 1\nlinha 2',
  status: 'Andamento',
  pdf: false,
  pdfcompleto: false,
  endDate: null,
  agendaInicio: null,
  agendaFim: null,
  equipamentoId: null,
};

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('05/03/2026')).toBe(false);
  });
});

describe('orderCreateSchema', () => {
  it('accepts Concluido and normalises it', () => {
    const parsed = orderCreateSchema.parse({ data: '2026-03-05', cliente: 'Alfa', status: 'Concluido' });
    expect(parsed.status).toBe('Concluído');
  });
  it('refuses an unknown status', () => {
    expect(orderCreateSchema.safeParse({ data: '2026-03-05', cliente: 1, status: 'Perdido' }).success).toBe(false);
  });
});

describe('confirmDeleteWithRecordsMessage', () => {
  it('names how many records go with the order', () => {
    expect(confirmDeleteWithRecordsMessage(1)).toContain('1 registro ');
    expect(confirmDeleteWithRecordsMessage(5)).toContain('5 registros');
  });
});

describe('order export', () => {
  it('pads the number, formats the date and labels the status', () => {
    const [header, row] = orderExportTable([order]);
    expect(header?.[0]).toBe('Número');
    expect(row?.slice(0, 6)).toEqual(['00012', 'Alfa; Energia "Sul"', 'Recife', '05/03/2026', 'João da Silva', 'Em andamento']);
  });

  it('writes CSV with ;, quotes, a BOM and no formulas', () => {
    const csv = toCsv(orderExportTable([order]));
    expect(csv.startsWith('\uFEFFNúmero;Cliente;')).toBe(true);
    expect(csv).toContain('"Alfa; Energia ""Sul"""');
    expect(csv).toContain(";'=2+2;");
    expect(csv).toContain('"linha 1\nlinha 2"');
    expect(csv.endsWith('\r\n')).toBe(true);
  });
});
