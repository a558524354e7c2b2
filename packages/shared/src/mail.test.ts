import { describe, expect, it } from 'vitest';
import { businessToday } from './format';
import { documentSubject, formatSentAt, mailFormSchema, normalizeFullName, sendMailSchema } from './mail';

describe('mail helpers', () => {
  it('builds the subject the history shows', () => {
    expect(documentSubject('Ordem de Serviço', '12')).toBe('Documento: Ordem de Serviço - Número: 12');
  });

  it('reads today on the company clock', () => {
    expect(businessToday(new Date('2026-05-10T02:30:00Z'))).toBe('2026-05-09');
    expect(businessToday(new Date('2026-05-10T03:00:00Z'))).toBe('2026-05-10');
  });

  it('compares full names without case, accents or extra spaces', () => {
    expect(normalizeFullName('  João   da SILVA ')).toBe(normalizeFullName('joao da silva'));
    expect(normalizeFullName('João Silva')).not.toBe(normalizeFullName('João Silvan'));
  });

  it('accepts the document number as text or number and refuses anything else', () => {
    expect(sendMailSchema.parse({ to: 'a@b.com', numeroOS_Fechamento: 7 }).numeroOS_Fechamento).toBe('7');
    expect(sendMailSchema.safeParse({ to: 'a@b.com', numeroOS_Fechamento: '7; drop' }).success).toBe(false);
    expect(sendMailSchema.safeParse({ to: 'não-é-email' }).success).toBe(false);
  });

  it('requires every field of the e-mail form', () => {
    const ok = {
      nome: 'admin',
      cliente: 'X',
      email: 'x@y.com',
      mensagem: 'Olá',
      numeroOS_Fechamento: '1',
      tipoDocumento: 'Fechamento',
    };
    expect(mailFormSchema.safeParse(ok).success).toBe(true);
    for (const key of Object.keys(ok)) {
      expect(mailFormSchema.safeParse({ ...ok, [key]: '' }).success, key).toBe(false);
    }
  });
});

describe('formatSentAt', () => {
  it('shows the send time on the São Paulo clock', () => {
    expect(formatSentAt('2026-03-05T02:30:00.000Z')).toBe('04/03/2026 23:30');
  });
});
