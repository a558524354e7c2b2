import { beforeAll, describe, expect, it } from 'vitest';
import { admin, useFileApp } from '../../test/file-app';
import { multipart } from '../../test/multipart';
import { expectBadRequest, rowCount, send } from '../../test/requests';
import { clients, descriptions, expenseTypes, outboundTrips } from '../db/schema';

useFileApp();

/**
 * The edge guard (platform/edge.ts, docs/rules.md#edge-input) on the inputs that used to answer 500:
 * NUL and unpaired surrogates anywhere, ids beyond the database's range, and the messages a clerk
 * reads when a field is wrong.
 */

let orderId: number;

beforeAll(async () => {
  const client = await send(admin, 'POST', '/api/clientes', { razao: 'Cliente da Borda', cnpj: '11.222.333/0001-81' });
  expect(client.statusCode).toBe(201);
  const order = await send(admin, 'POST', '/api/os', { data: '2026-01-05', cliente: client.json().id });
  expect(order.statusCode).toBe(201);
  orderId = order.json().id;
});

describe('NUL and unpaired surrogates', () => {
  it.each([
    ['/api/clientes?search=%00', 'search', 'Busca'],
    ['/api/os?q=4%00', 'q', 'Busca'],
    ['/api/os/filtrado?cliente=a%00', 'cliente', 'Cliente'],
    ['/api/sendmail/emails?nomeCliente=a%00', 'nomeCliente', 'Cliente'],
  ])('GET %s answers 400 naming the field', async (url, field, label) => {
    const res = await send(admin, 'GET', url);
    expectBadRequest(res, `${label}: Texto com caracteres inválidos.`, field);
  });

  it.each([
    ['/api/tipodespesa', '{"despesa":"abc\\u0000def"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/tipodespesa', '{"despesa":"\\ud800abc"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/tipodespesa', '{"despesa":"abc\\udc00"}', 'despesa', 'Tipo de despesa', expenseTypes],
    ['/api/clientes', '{"razao":"X\\u0000Y","cnpj":"11222333000181"}', 'razao', 'Razão Social', clients],
    ['/api/clientes', '{"razao":"X","cnpj":"11222333000181","extra":["ok","\\u0000"]}', 'extra.1', 'extra', clients],
  ])('POST %s %s answers 400 naming the field and stores nothing', async (url, raw, field, label, table) => {
    const before = await rowCount(table);
    const res = await send(admin, 'POST', url, raw, { 'content-type': 'application/json' });
    expectBadRequest(res, `${label}: Texto com caracteres inválidos.`, field);
    expect(await rowCount(table)).toBe(before);
  });

  it('a well-formed pair (an emoji) is an ordinary text', async () => {
    const res = await send(admin, 'POST', '/api/tipodespesa', { despesa: 'Café ☕ 😀' });
    expect(res.statusCode).toBe(201);
    expect(res.json().despesa).toBe('Café ☕ 😀');
  });

  it('a NUL in a JSON key answers 400 too', async () => {
    const res = await send(admin, 'PUT', `/api/os/${orderId}`, '{"motivo":"ok","a\\u0000b":1}', {
      'content-type': 'application/json',
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
    const res = await send(admin, 'POST', '/api/descricao/', field.payload, field.headers);
    expectBadRequest(res, 'Descrição: Texto com caracteres inválidos.', 'descricao');

    const named = multipart(
      [
        ['data', '2026-01-05'],
        ['descricao', 'troca do filtro'],
        ['osnumber', String(orderId)],
      ],
      { field: 'imagem', name: 'foto\u0000.jpg', type: 'image/jpeg', data: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) },
    );
    const res2 = await send(admin, 'POST', '/api/descricao/', named.payload, named.headers);
    expectBadRequest(res2, 'Imagem: Texto com caracteres inválidos.', 'imagem');
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
    const res = await send(admin, 'GET', url);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Registro não encontrado.' });
  });

  it('2147483647 itself is an ordinary id that does not exist', async () => {
    const res = await send(admin, 'GET', '/api/os/2147483647');
    expect(res.statusCode).toBe(404);
  });

  it('a body id beyond the range answers 400 naming the field', async () => {
    const before = await rowCount(outboundTrips);
    const trip = await send(admin, 'POST', '/api/viagemida/', {
      dataida: '2026-01-05',
      saidaida: '08:00',
      chegadaida: '09:00',
      kmida: '12',
      numeroos: 3000000000,
    });
    expectBadRequest(trip, 'OS: informe o número de um registro existente.', 'numeroos');
    expect(await rowCount(outboundTrips)).toBe(before);

    const order = await send(admin, 'POST', '/api/os', { data: '2026-01-05', cliente: 3000000000 });
    expectBadRequest(order, 'Cliente: informe o número de um registro existente.', 'cliente');

    // As digits in a text it is a name no client has.
    const byText = await send(admin, 'POST', '/api/os', { data: '2026-01-05', cliente: '3000000000' });
    expect(byText.statusCode).toBe(400);
    expect(byText.json().error).toBe('Cliente não encontrado.');

    const closing = await send(admin, 'POST', '/api/fechamentos/preview', { osIds: [orderId, 2 ** 31] });
    expectBadRequest(closing, 'OS: informe o número de um registro existente.', 'osIds.1');
  });

  it('a multipart id beyond the range answers 400 naming the field', async () => {
    const form = multipart([
      ['data', '2026-01-05'],
      ['descricao', 'troca do filtro'],
      ['osnumber', '3000000000'],
    ]);
    const res = await send(admin, 'POST', '/api/descricao/', form.payload, form.headers);
    expectBadRequest(res, 'OS: informe o número de um registro existente.', 'osnumber');
  });

  it.each(['cliente', 'engenheiro'])('the report filtered by %s=99999999999 finds nothing', async (name) => {
    const res = await send(admin, 'GET', `/api/os/filtrado?${name}=99999999999`);
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
    const res = await send(admin, 'POST', '/api/viagemida/', { ...trip, numeroos: orderId, ...change });
    expectBadRequest(res, error, field);
  });

  it('an expense type too long says the maximum; an empty one says the old product text', async () => {
    const long = await send(admin, 'POST', '/api/tipodespesa', { despesa: 'x'.repeat(200_000) });
    expectBadRequest(long, 'Tipo de despesa: Máximo de 100 caracteres.', 'despesa');
    const empty = await send(admin, 'POST', '/api/tipodespesa', { despesa: ' ' });
    expect(empty.json().error).toBe('Preencha o tipo de despesa.');
  });

  it('a too-long order field says which and the maximum', async () => {
    const res = await send(admin, 'PUT', `/api/os/${orderId}`, { equipamento: 'x'.repeat(501) });
    expectBadRequest(res, 'Equipamento: Máximo de 500 caracteres.', 'equipamento');
  });

  it('a list where one value is expected says so', async () => {
    const res = await send(admin, 'GET', '/api/os?q=a&q=b');
    expectBadRequest(res, 'Busca: informe um só valor, não uma lista.', 'q');
  });
});
