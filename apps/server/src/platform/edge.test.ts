import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, ctx as t } from '../../test/file-app';
import { multipart } from '../../test/multipart';
import { clients, descriptions, expenseTypes, outboundTrips } from '../db/schema';

/**
 * The edge guard (platform/edge.ts, docs/rules.md#edge-input) on the inputs that used to answer 500:
 * NUL and unpaired surrogates anywhere, ids beyond the database's range, and the messages a clerk
 * reads when a field is wrong.
 */

let orderId: number;

beforeAll(async () => {
  const client = await t.app.inject({
    method: 'POST',
    url: '/api/clientes',
    headers: { cookie: admin },
    payload: { razao: 'Cliente da Borda', cnpj: '11.222.333/0001-81' },
  });
  expect(client.statusCode).toBe(201);
  const order = await t.app.inject({
    method: 'POST',
    url: '/api/os',
    headers: { cookie: admin },
    payload: { data: '2026-01-05', cliente: client.json().id },
  });
  expect(order.statusCode).toBe(201);
  orderId = order.json().id;
});

const rowCount = async (table: typeof clients | typeof expenseTypes | typeof descriptions | typeof outboundTrips) =>
  (await t.db.select({ n: count() }).from(table))[0]!.n;

describe('NUL and unpaired surrogates', () => {
  it.each([
    ['/api/clientes?search=%00', 'search', 'Busca'],
    ['/api/os?q=4%00', 'q', 'Busca'],
    ['/api/os/filtrado?cliente=a%00', 'cliente', 'Cliente'],
    ['/api/sendmail/emails?nomeCliente=a%00', 'nomeCliente', 'Cliente'],
  ])('GET %s answers 400 naming the field', async (url, field, label) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `${label}: Texto com caracteres inválidos.`, field });
  });

  it.each([
    ['/api/tipodespesa', '{"despesa":"abc\\u0000def"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/tipodespesa', '{"despesa":"\\ud800abc"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/tipodespesa', '{"despesa":"abc\\udc00"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/clientes', '{"razao":"X\\u0000Y","cnpj":"11222333000181"}', 'razao', 'Razão Social', clients],
    ['/api/clientes', '{"razao":"X","cnpj":"11222333000181","extra":["ok","\\u0000"]}', 'extra.1', 'extra', clients],
  ])('POST %s %s answers 400 naming the field and stores nothing', async (url, raw, field, label, table) => {
    const before = await rowCount(table);
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: `${label}: Texto com caracteres inválidos.`, field });
    expect(await rowCount(table)).toBe(before);
  });

  it('a well-formed pair (an emoji) is an ordinary text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tipodespesa',
      headers: { cookie: admin },
      payload: { despesa: 'Café ☕ 😀' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().despesa).toBe('Café ☕ 😀');
  });

  it('a NUL in a JSON key answers 400 too', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/os/${orderId}`,
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"motivo":"ok","a\\u0000b":1}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Texto com caracteres inválidos.');
  });

  it('a multipart field or file name with NUL answers 400 and stores nothing', async () => {
    const before = await rowCount(descriptions);
    const field = multipart([
      ['data', '2026-01-05'],
      ['descricao', 'troca\u0000 do filtro'],
      ['osnumber', String(orderId)],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/descricao/',
      headers: { cookie: admin, ...field.headers },
      payload: field.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Descrição: Texto com caracteres inválidos.', field: 'descricao' });

    const named = multipart(
      [
        ['data', '2026-01-05'],
        ['descricao', 'troca do filtro'],
        ['osnumber', String(orderId)],
      ],
      { field: 'imagem', name: 'foto\u0000.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
    );
    const res2 = await t.app.inject({
      method: 'POST',
      url: '/api/descricao/',
      headers: { cookie: admin, ...named.headers },
      payload: named.payload,
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json()).toEqual({ error: 'Imagem: Texto com caracteres inválidos.', field: 'imagem' });
    expect(await rowCount(descriptions)).toBe(before);
  });
});

describe('ids beyond the database range', () => {
  it.each([
    '/api/descricao/99999999999',
    '/api/assinatura/3000000000',
    '/api/os/2147483648/pdfviewer',
    '/api/os/2147483648',
    '/api/os/1e10',
    `/api/os/${'9'.repeat(30)}`,
    '/api/fechamentos/99999999999/pdf',
  ])('GET %s answers 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Registro não encontrado.' });
  });

  it('2147483647 itself is an ordinary id that does not exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/os/2147483647', headers: { cookie: admin } });
    expect(res.statusCode).toBe(404);
  });

  it('a body id beyond the range answers 400 naming the field', async () => {
    const before = await rowCount(outboundTrips);
    const trip = await t.app.inject({
      method: 'POST',
      url: '/api/viagemida/',
      headers: { cookie: admin },
      payload: { dataida: '2026-01-05', saidaida: '08:00', chegadaida: '09:00', kmida: '12', numeroos: 3000000000 },
    });
    expect(trip.statusCode).toBe(400);
    expect(trip.json()).toEqual({ error: 'OS: informe o número de um registro existente.', field: 'numeroos' });
    expect(await rowCount(outboundTrips)).toBe(before);

    const order = await t.app.inject({
      method: 'POST',
      url: '/api/os',
      headers: { cookie: admin },
      payload: { data: '2026-01-05', cliente: 3000000000 },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json()).toEqual({ error: 'Cliente: informe o número de um registro existente.', field: 'cliente' });

    // As digits in a text it is a name no client has.
    const byText = await t.app.inject({
      method: 'POST',
      url: '/api/os',
      headers: { cookie: admin },
      payload: { data: '2026-01-05', cliente: '3000000000' },
    });
    expect(byText.statusCode).toBe(400);
    expect(byText.json().error).toBe('Cliente não encontrado.');

    const closing = await t.app.inject({
      method: 'POST',
      url: '/api/fechamentos/preview',
      headers: { cookie: admin },
      payload: { osIds: [orderId, 2 ** 31] },
    });
    expect(closing.statusCode).toBe(400);
    expect(closing.json()).toEqual({ error: 'OS: informe o número de um registro existente.', field: 'osIds.1' });
  });

  it('a multipart id beyond the range answers 400 naming the field', async () => {
    const form = multipart([
      ['data', '2026-01-05'],
      ['descricao', 'troca do filtro'],
      ['osnumber', '3000000000'],
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/descricao/',
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'OS: informe o número de um registro existente.', field: 'osnumber' });
  });

  it.each(['cliente', 'engenheiro'])('the report filtered by %s=99999999999 finds nothing', async (name) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/os/filtrado?${name}=99999999999`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });
});

describe('messages a clerk reads', () => {
  const trip = { dataida: '2026-01-05', saidaida: '08:00', chegadaida: '09:00', kmida: '12', numeroos: 0 };

  it.each([
    [{ kmida: 'doze' }, 'Km: informe um número, como 120 ou 120,5.', 'kmida'],
    [{ kmida: '-3' }, 'Km: informe um número, como 120 ou 120,5.', 'kmida'],
    [{ kmida: 200000 }, 'Km: informe um número até 100.000.', 'kmida'],
    [{ saidaida: '8h' }, 'Saída: informe a hora no formato HH:mm, como 08:30.', 'saidaida'],
    [{ dataida: '05/01/2026' }, 'Data: informe uma data válida, como 2025-01-31 (ano, mês e dia).', 'dataida'],
    [{ obsida: 'x'.repeat(2001) }, 'Observação: Máximo de 2.000 caracteres.', 'obsida'],
  ])('outbound trip %o answers %s', async (change, error, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/viagemida/',
      headers: { cookie: admin },
      payload: { ...trip, numeroos: orderId, ...change },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error, field });
  });

  it('an expense type too long says the maximum; an empty one says the old product text', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/tipodespesa',
      headers: { cookie: admin },
      payload: { despesa: 'x'.repeat(200_000) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ error: 'Tipo de despesa: Máximo de 100 caracteres.', field: 'despesa' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/tipodespesa',
      headers: { cookie: admin },
      payload: { despesa: ' ' },
    });
    expect(empty.json().error).toBe('Preencha o tipo de despesa.');
  });

  it('a too-long order field says which and the maximum', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/os/${orderId}`,
      headers: { cookie: admin },
      payload: { equipamento: 'x'.repeat(501) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Equipamento: Máximo de 500 caracteres.', field: 'equipamento' });
  });

  it('a list where one value is expected says so', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/os?q=a&q=b', headers: { cookie: admin } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Busca: informe um só valor, não uma lista.', field: 'q' });
  });
});
