import { describe, expect, it } from 'vitest';
import { orderWithChecklist, postTemplate, transformerTemplate } from '../../../test/factories/checklists';
import { admin, tec, useFileApp, user } from '../../../test/file-app';
import { expectError, expectFieldError, rowCount, send } from '../../../test/requests';
import { checklistTemplates } from '../../db/schema';

useFileApp();

describe('checklist templates (docs/rules.md#checklists)', () => {
  it('the admin creates a template; every role reads it with its items in order and limits as numbers', async () => {
    const created = await postTemplate(transformerTemplate({ nome: 'Inspeção de Nobreak', tipoEquipamento: 'Nobreak' }));
    for (const cookie of [tec.cookie, user.cookie, admin]) {
      const res = await send(cookie, 'GET', `/api/checklists/${created.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ nome: 'Inspeção de Nobreak', tipoEquipamento: 'Nobreak', versao: 1, emUso: false });
      expect(res.json().itens.map((i: { texto: string }) => i.texto)).toEqual([
        'Sem vazamento de óleo',
        'Tensão de saída',
        'Observações gerais',
        'Nível do óleo',
      ]);
      expect(res.json().itens[1]).toMatchObject({ tipo: 'leitura', unidade: 'V', minimo: 210, maximo: 230, obrigatorio: true });
    }
    const list = (await send(tec.cookie, 'GET', '/api/checklists')).json();
    expect(list.some((t: { nome: string }) => t.nome === 'Inspeção de Nobreak')).toBe(true);
    expect((await send(tec.cookie, 'POST', '/api/checklists', transformerTemplate())).statusCode).toBe(403);
    expect((await send(user.cookie, 'POST', '/api/checklists', transformerTemplate())).statusCode).toBe(403);
  });

  it.each([
    [{ nome: '  ' }, 'nome', 'Nome: informe o nome do modelo.'],
    [{ itens: [] }, 'itens', 'Itens: inclua ao menos um item.'],
    [{ itens: [{ texto: ' ', tipo: 'texto' }] }, 'itens.0.texto', 'Item 1: informe o texto do item.'],
    [{ itens: [{ texto: 'A', tipo: 'foto' }] }, 'itens.0.tipo', 'Item 1: escolha o tipo'],
    [
      {
        itens: [
          { texto: 'A', tipo: 'texto' },
          { texto: 'Tensão', tipo: 'leitura', minimo: '240', maximo: '12,5' },
        ],
      },
      'itens.1.minimo',
      'Mínimo maior que o máximo.',
    ],
    [{ itens: [{ texto: 'Tensão', tipo: 'leitura', maximo: '1e400' }] }, 'itens.0.maximo', 'Item 1: Máximo: informe um número'],
    [
      { itens: [{ texto: 'Nível', tipo: 'opcao', opcoes: ['Baixo', ' '] }] },
      'itens.0.opcoes',
      'Item 1: informe ao menos duas opções.',
    ],
  ])('refuses %j naming the field, storing nothing', async (change, field, message) => {
    const before = await rowCount(checklistTemplates);
    expectFieldError(await send(admin, 'POST', '/api/checklists', transformerTemplate(change)), field, message);
    expect(await rowCount(checklistTemplates)).toBe(before);
  });

  it('refuses a name taken without regard to case, and a second active template of a type (accents ignored)', async () => {
    await postTemplate(transformerTemplate({ nome: 'Gerador Diesel', tipoEquipamento: 'Gerador', ativo: true }));
    expectError(
      await send(admin, 'POST', '/api/checklists', transformerTemplate({ nome: 'GERADOR DIESEL' })),
      409,
      'Já existe um modelo com este nome.',
    );
    const again = await send(admin, 'POST', '/api/checklists', transformerTemplate({ tipoEquipamento: 'gerádor', ativo: true }));
    expectError(again, 409, 'Já existe um modelo ativo para este tipo.');
    // An inactive one of the same type is allowed.
    expect(
      (await send(admin, 'POST', '/api/checklists', transformerTemplate({ tipoEquipamento: 'Gerador', ativo: false })))
        .statusCode,
    ).toBe(201);
  });

  it('editing a used template makes a new version; the order keeps the one it started with', async () => {
    const created = await postTemplate(transformerTemplate());
    // Not used yet: edited in place.
    const edited = await send(admin, 'PUT', `/api/checklists/${created.id}`, transformerTemplate({ nome: 'Transformador v1' }));
    expect(edited.json()).toMatchObject({ versao: 1, nome: 'Transformador v1' });
    const { order } = await orderWithChecklist(created.id, tec.id);
    const changed = transformerTemplate({
      nome: 'Transformador v2',
      itens: [{ texto: 'Temperatura do topo', tipo: 'leitura', unidade: '°C', maximo: 90 }],
    });
    const v2 = await send(admin, 'PUT', `/api/checklists/${created.id}`, changed);
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ id: created.id, versao: 2, emUso: true });
    expect(v2.json().itens.map((i: { texto: string }) => i.texto)).toEqual(['Temperatura do topo']);
    const kept = (await send(tec.cookie, 'GET', `/api/os/${order.id}/checklist`)).json();
    expect(kept).toMatchObject({ modeloId: created.id, versao: 1, total: 4, respondidos: 0 });
  });

  it('refuses to delete a template in use (409) and deletes an unused one', async () => {
    const used = await postTemplate(transformerTemplate());
    await orderWithChecklist(used.id, tec.id);
    expectError(
      await send(admin, 'DELETE', `/api/checklists/${used.id}`),
      409,
      'Este modelo já foi usado em ordens de serviço e não pode ser excluído. Desative-o.',
    );
    expect((await send(admin, 'GET', `/api/checklists/${used.id}`)).statusCode).toBe(200);
    const unused = await postTemplate(transformerTemplate());
    expect((await send(admin, 'DELETE', `/api/checklists/${unused.id}`)).json()).toEqual({ success: true });
    expectError(await send(admin, 'GET', `/api/checklists/${unused.id}`), 404, 'Modelo de checklist não encontrado.');
  });
});
