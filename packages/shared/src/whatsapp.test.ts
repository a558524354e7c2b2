import { describe, expect, it } from 'vitest';
import { formatWhatsapp, normalizeWhatsapp, WHATSAPP_MSG, whatsappConsentSchema } from './whatsapp';

describe('WhatsApp numbers as +55 E.164 (docs/rules.md#whatsapp)', () => {
  it.each([
    ['(87) 99999-0000', '+5587999990000'],
    ['87999990000', '+5587999990000'],
    ['+55 87 99999-0000', '+5587999990000'],
    ['55 (87) 99999-0000', '+5587999990000'],
    ['(81) 3333-4444', '+558133334444'],
    [' 11 9 8765-4321 ', '+5511987654321'],
  ])('%s is %s', (input, e164) => expect(normalizeWhatsapp(input)).toBe(e164));

  it.each([
    ['99999-0000', 'no area code'],
    ['(87) 9999A-0000', 'letters'],
    ['+1 415 555 0100', 'another country'],
    ['+351 912 345 678', 'another country'],
    ['(07) 99999-0000', 'no such area code'],
    ['(87) 89999-0000', 'nine digits not starting with 9'],
    ['(87) 1999-0000', 'landline starting with 1'],
    ['', 'empty'],
  ])('%s is refused (%s)', (input) => expect(normalizeWhatsapp(input)).toBeNull());

  it('reads back as a person writes it', () => {
    expect(formatWhatsapp('+5587999990000')).toBe('(87) 99999-0000');
    expect(formatWhatsapp('+558133334444')).toBe('(81) 3333-4444');
    expect(formatWhatsapp(null)).toBe('');
  });

  it('consent needs a number; a blank number clears it', () => {
    const refused = whatsappConsentSchema.safeParse({ whatsapp: '', aceitaWhatsapp: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ['whatsapp'], message: WHATSAPP_MSG.phoneInvalid });
    expect(whatsappConsentSchema.parse({ whatsapp: ' ', aceitaWhatsapp: false })).toEqual({
      whatsapp: null,
      aceitaWhatsapp: false,
    });
  });
});
