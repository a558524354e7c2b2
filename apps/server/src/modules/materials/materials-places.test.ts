import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { admin, ctx } from '../../../test/file-app';
import { uniqueDigits } from '../../../test/random';
import { send } from '../../../test/requests';
import { stockPlaces } from '../../db/schema';

/** The places a technician's id names, read from the table itself (no stock read that would make them). */
const vehiclesOf = (technicianId: number) => ctx.db.select().from(stockPlaces).where(eq(stockPlaces.technicianId, technicianId));

const newUser = (role: string, over: Record<string, unknown> = {}) => {
  const login = `veic${uniqueDigits().slice(-8)}`;
  return {
    nome_completo: `Técnico ${login}`,
    username: login,
    password: 'senha-segura-1',
    email: `${login}@example.com`,
    role,
    ...over,
  };
};

describe('the vehicle is made with the technician (docs/rules.md#materials-and-stock)', () => {
  it('an active technician created by an admin has their vehicle as soon as the write answers', async () => {
    const body = newUser('tec');
    const res = await send(admin, 'POST', '/api/users', body);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id;
    // Read straight from the table, before any stock read (GET /api/estoques would make a missing one).
    const rows = await vehiclesOf(id);
    expect(rows.map((r) => [r.nome, r.tipo])).toEqual([[`Veículo – ${body.nome_completo}`, 'veiculo']]);
    const places = (await send(admin, 'GET', '/api/estoques')).json() as { nome: string; tecnicoId: number | null }[];
    expect(places.filter((p) => p.tecnicoId === id).map((p) => p.nome)).toEqual([`Veículo – ${body.nome_completo}`]);
  });

  it('a standard user has none until made a technician; an inactive technician none until reactivated', async () => {
    const office = newUser('user');
    const made = await send(admin, 'POST', '/api/users', office);
    const officeId = made.json().id;
    expect(await vehiclesOf(officeId)).toHaveLength(0);
    const changed = await send(admin, 'PUT', `/api/users/${officeId}`, { ...office, role: 'tec', password: '' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await vehiclesOf(officeId)).map((r) => r.nome)).toEqual([`Veículo – ${office.nome_completo}`]);

    const away = newUser('tec', { active: false });
    const awayId = (await send(admin, 'POST', '/api/users', away)).json().id;
    expect(await vehiclesOf(awayId)).toHaveLength(0);
    const back = await send(admin, 'PUT', `/api/users/${awayId}`, { ...away, active: true, password: '' });
    expect(back.statusCode, back.body).toBe(200);
    expect(await vehiclesOf(awayId)).toHaveLength(1);
    // Saved again, still one.
    await send(admin, 'PUT', `/api/users/${awayId}`, { ...away, active: true, password: '' });
    expect(await vehiclesOf(awayId)).toHaveLength(1);
  });
});
