import type { FastifyRequest } from 'fastify';
import { badRequest, conflict } from './errors';

const KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * The `Idempotency-Key` header of a record write (docs/rules.md#api-conventions: offline entries are sent
 * again when the signal returns; a repeat answers the first result). Undefined when absent.
 */
export function idempotencyKey(request: FastifyRequest): string | undefined {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !KEY.test(value)) throw badRequest('Cabeçalho Idempotency-Key inválido.', 'Idempotency-Key');
  return value;
}

interface Keyed {
  createdBy: number | null;
}

/**
 * Runs `create` once per key: a prior record with the same key (made by the same user) is
 * answered instead, also when two copies of the request race each other and the loser fails.
 */
export async function once<Row extends Keyed, Out>(options: {
  key: string | undefined;
  userId: number;
  find: (key: string) => Promise<Row | undefined>;
  present: (row: Row) => Out | Promise<Out>;
  create: () => Promise<Out>;
}): Promise<Out> {
  const { key, userId, find, present, create } = options;
  const replay = async (k: string) => {
    const prior = await find(k);
    if (!prior) return undefined;
    if (prior.createdBy !== userId) throw conflict('Esta Idempotency-Key já foi usada por outro usuário.');
    return present(prior);
  };
  if (key) {
    const prior = await replay(key);
    if (prior !== undefined) return prior;
  }
  try {
    return await create();
  } catch (err) {
    // A racing copy may have committed between our look-up and our write: it shows as a unique
    // violation on the key, or as a rule the first copy's record now trips (one outbound trip per
    // order). Either way, a record under this key means this request is a repeat.
    if (key) {
      const prior = await replay(key);
      if (prior !== undefined) return prior;
    }
    throw err;
  }
}
