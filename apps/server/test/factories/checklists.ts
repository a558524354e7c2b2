import { expect } from 'vitest';
import { admin, ctx } from '../file-app';
import { multipart } from '../multipart';
import { uniqueDigits } from '../random';
import { jpegPhoto } from './images';
import { createOrder } from './orders';

/** A transformer's inspection: a conformity item, a required reading with its range, a text and an option. */
export const transformerTemplate = (values: Record<string, unknown> = {}) => ({
  nome: `Inspeção de transformador ${uniqueDigits()}`,
  tipoEquipamento: `Tipo ${uniqueDigits()}`,
  ativo: true,
  itens: [
    { texto: 'Sem vazamento de óleo', tipo: 'conformidade', obrigatorio: true },
    { texto: 'Tensão de saída', tipo: 'leitura', unidade: 'V', minimo: '210', maximo: 230, obrigatorio: true },
    { texto: 'Observações gerais', tipo: 'texto' },
    { texto: 'Nível do óleo', tipo: 'opcao', opcoes: ['Baixo', 'Normal', 'Alto'] },
  ],
  ...values,
});

/** The admin's POST /api/checklists, 201 expected. */
export async function postTemplate(payload: object) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/checklists', headers: { cookie: admin }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; versao: number; itens: { id: number; texto: string }[] };
}

/** An order of `technicianId` with the template's checklist added by the admin. */
export async function orderWithChecklist(
  templateId: number,
  technicianId: number | null,
  status: 'Aberto' | 'Andamento' = 'Andamento',
) {
  const order = await createOrder(ctx.db, { technicianId, status });
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/os/${order.id}/checklist`,
    headers: { cookie: admin },
    payload: { modeloId: templateId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { order, checklist: res.json() as { itens: { id: number; texto: string }[] } };
}

/** PUT an answer as JSON, or as a form with a photo when `photo` is true. */
export async function answer(
  cookie: string,
  orderId: number,
  itemId: number,
  fields: { valor: string; observacao?: string },
  options: { photo?: boolean | Buffer; key?: string } = {},
) {
  const url = `/api/os/${orderId}/checklist/itens/${itemId}`;
  const keyHeader = options.key ? { 'idempotency-key': options.key } : {};
  if (!options.photo) return ctx.app.inject({ method: 'PUT', url, headers: { cookie, ...keyHeader }, payload: fields });
  const data = options.photo === true ? await jpegPhoto() : options.photo;
  const body = multipart({ observacao: '', ...fields }, { field: 'foto', name: 'foto.jpg', type: 'image/jpeg', data });
  return ctx.app.inject({ method: 'PUT', url, headers: { ...body.headers, cookie, ...keyHeader }, payload: body.payload });
}
