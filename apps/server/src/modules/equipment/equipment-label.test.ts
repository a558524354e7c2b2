import { MAINT_MSG } from '@os/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/factories/clients';
import { createEquipmentRow } from '../../../test/factories/equipment';
import { createTestApp, type TestContext } from '../../../test/helper';
import { readPdf } from '../../../test/pdf-reader';
import { cropPng, readQrCodes } from '../../../test/qr';
import { LABELS_PER_SHEET, sheetSlot } from './equipment-label';

const APP_URL = 'https://os.energia.example.com.br';
let t: TestContext;
let tec: { cookie: string };

beforeAll(async () => {
  t = await createTestApp({ APP_URL });
  tec = await t.signedIn('tec');
});
afterAll(() => t.close());

const get = (url: string, cookie = tec.cookie) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const oneLine = (s: string) => s.replace(/\s+/g, ' ');

describe('GET /api/equipamentos/{id}/etiqueta (docs/rules.md#equipment)', () => {
  it('answers a label-sized PDF whose QR code, read from the printed page, opens the equipment page', async () => {
    const client = await createClient(t.db, { razao: 'Usina Fotovoltaica São João Ltda' });
    const e = await createEquipmentRow(t.db, client.id, {
      tipo: 'Inversor',
      fabricante: 'Fronius',
      modelo: 'Symo 20.0-3-M',
      numeroSerie: 'FR-2026-ÇÃ-0042',
    });
    const res = await get(`/api/equipamentos/${e.id}/etiqueta`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');

    const pdf = await readPdf(res.rawPayload, { renderDpi: 300 });
    expect(pdf.pages).toHaveLength(1);
    const text = oneLine(pdf.text);
    for (const part of ['Inversor', 'Fronius Symo 20.0-3-M', 'Série: FR-2026-ÇÃ-0042', 'Usina Fotovoltaica São João Ltda'])
      expect(text).toContain(part);

    // 99,1 x 38,1 mm at 300 dpi.
    const { width, height } = await sharp(pdf.pngs[0]!).metadata();
    expect(width).toBeCloseTo((99.1 / 25.4) * 300, -1);
    expect(height).toBeCloseTo((38.1 / 25.4) * 300, -1);
    expect(await readQrCodes(pdf.pngs[0]!)).toEqual([`${APP_URL}/equipamentos/${e.id}`]);

    // A scan at a modest resolution (a phone camera at arm's length) still reads it.
    const low = await readPdf(res.rawPayload, { renderDpi: 100 });
    expect(await readQrCodes(low.pngs[0]!)).toEqual([`${APP_URL}/equipamentos/${e.id}`]);
  });

  it('answers 404 for an equipment that does not exist and 401 without a session', async () => {
    expect((await get('/api/equipamentos/999999/etiqueta')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/equipamentos/1/etiqueta' })).statusCode).toBe(401);
  });
});

describe('GET /api/equipamentos/etiquetas?ids= (docs/api.md#equipment)', () => {
  it('puts 14 labels on each A4 sheet, each QR code naming its own equipment', async () => {
    const client = await createClient(t.db);
    const list = [];
    for (let i = 0; i < 15; i++) list.push(await createEquipmentRow(t.db, client.id, { modelo: `Modelo ${i + 1}` }));
    const res = await get(`/api/equipamentos/etiquetas?ids=${list.map((e) => e.id).join(',')}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(res.rawPayload, { renderDpi: 150 });
    expect(pdf.pages).toHaveLength(2);
    for (const e of list.slice(0, 14)) expect(pdf.pages[0]).toContain(e.numeroSerie);
    expect(pdf.pages[1]).toContain(list[14]!.numeroSerie);
    expect(pdf.pages[1]).not.toContain(list[0]!.numeroSerie);
    const { width } = await sharp(pdf.pngs[0]!).metadata();
    expect(width).toBeCloseTo((210 / 25.4) * 150, -1);

    // Each label's place on the sheet, cut out as the sticker a person peels off, holds its own QR code.
    const scale = 150 / 72;
    const sticker = async (png: Buffer, n: number) => {
      const s = sheetSlot(n);
      const region = {
        left: Math.round(s.x * scale),
        top: Math.round(s.y * scale),
        width: Math.floor(s.width * scale),
        height: Math.floor(s.height * scale),
      };
      return readQrCodes(await cropPng(png, region));
    };
    const url = (e: { id: number }) => `${APP_URL}/equipamentos/${e.id}`;
    for (let n = 0; n < LABELS_PER_SHEET; n++) expect(await sticker(pdf.pngs[0]!, n)).toEqual([url(list[n]!)]);
    expect(await sticker(pdf.pngs[1]!, 0)).toEqual([url(list[14]!)]);
    expect(await sticker(pdf.pngs[1]!, 1)).toEqual([]);
  });

  it('refuses a bad list or an unknown equipment with 400 naming the field', async () => {
    for (const ids of ['', 'abc', '1,,2', Array.from({ length: 61 }, (_, i) => i + 1).join(',')]) {
      const res = await get(`/api/equipamentos/etiquetas?ids=${ids}`);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().error).toBe(MAINT_MSG.labelIds);
    }
    const client = await createClient(t.db);
    const e = await createEquipmentRow(t.db, client.id);
    const unknown = await get(`/api/equipamentos/etiquetas?ids=${e.id},999999`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe(MAINT_MSG.notFound);
  });
});
