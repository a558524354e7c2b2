import { cnpjCheckDigits } from '@os/shared';
import { count, eq, sql } from 'drizzle-orm';
import { hashPassword } from '../platform/passwords';
import type { Db } from './client';
import {
  clients,
  companies,
  counters,
  descriptions,
  expenseTypes,
  orders,
  outboundTrips,
  returnTrips,
  serviceEntries,
  users,
} from './schema';

const CLIENTS = [
  ['Energia Solar do Nordeste Ltda', 'Solar NE', 'Recife', 'PE', '50030230'],
  ['Usina Eólica Ventos do Sul S.A.', 'Ventos do Sul', 'Osório', 'RS', '95520000'],
  ['Subestação Paulista de Energia Ltda', 'SubPaulista', 'Campinas', 'SP', '13015904'],
  ['Hidrelétrica Vale Verde S.A.', 'Vale Verde', 'Itajubá', 'MG', '37500000'],
  ['Metalúrgica Aço Forte Ltda', 'Aço Forte', 'Joinville', 'SC', '89201001'],
  ['Têxtil Algodão Puro Ltda', 'Algodão Puro', 'Blumenau', 'SC', '89010000'],
  ['Frigorífico Boa Carne S.A.', 'Boa Carne', 'Goiânia', 'GO', '74003010'],
  ['Hospital São Lucas', 'São Lucas', 'Curitiba', 'PR', '80010000'],
] as const;

const TECHNICIANS = [
  ['João da Silva', 'joao', 'joao@example.com'],
  ['Maria Oliveira', 'maria', 'maria@example.com'],
  ['Carlos Pereira', 'carlos', 'carlos@example.com'],
] as const;

/** DEMO_DATA=1 on an empty order table: a realistic set to click through (password 'demo1234'). */
export async function seedDemoData(db: Db): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(orders);
  if (existing?.n) return;
  const passwordHash = await hashPassword('demo1234');

  const techs = await db
    .insert(users)
    .values([
      ...TECHNICIANS.map(([nomeCompleto, username, email]) => ({
        nomeCompleto,
        username,
        email,
        passwordHash,
        role: 'tec' as const,
      })),
      { nomeCompleto: 'Ana Souza', username: 'ana', email: 'ana@example.com', passwordHash, role: 'user' as const },
    ])
    .onConflictDoNothing()
    .returning({ id: users.id, role: users.role });
  const techIds = techs.filter((t) => t.role === 'tec').map((t) => t.id);

  const clientRows = await db
    .insert(clients)
    .values(
      CLIENTS.map(([razao, fantasia, cidade, estado, cep], i) => {
        const base = `${String(10 + i * 7).padStart(2, '0')}${String(123456 + i * 1111).padStart(6, '0')}0001`;
        return {
          codigo: i + 1,
          razao,
          fantasia,
          cnpj: base + cnpjCheckDigits(base),
          cidade,
          estado,
          cep,
          endereco: `Rua ${fantasia}, ${100 + i}`,
          bairro: 'Centro',
          contato: 'Responsável técnico',
          email: `contato${i + 1}@example.com`,
          fone: `(11) 9${String(8000_0000 + i).slice(0, 4)}-${String(1000 + i)}`,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: clients.id, cidade: clients.cidade });
  await db.update(counters).set({ value: CLIENTS.length }).where(eq(counters.name, 'clients'));

  await db
    .insert(expenseTypes)
    .values(['Alimentação', 'Combustível', 'Hospedagem', 'Pedágio', 'Outros'].map((despesa) => ({ despesa })))
    .onConflictDoNothing();
  await db.insert(companies).values({ nome: 'Energia & Serviços Técnicos Ltda', cnpj: '11222333000181', ie: '123.456.789.110' });

  const statuses = ['Aberto', 'Andamento', 'Concluído', 'Fechado'] as const;
  const today = new Date();
  for (let i = 0; i < 24; i++) {
    const client = clientRows[i % clientRows.length];
    if (!client || techIds.length === 0) break;
    const status = statuses[i % statuses.length] ?? 'Aberto';
    const day = new Date(today.getTime() - (40 - i) * 86_400_000).toISOString().slice(0, 10);
    const [order] = await db
      .insert(orders)
      .values({
        numero: i + 1,
        data: day,
        clientId: client.id,
        cidade: client.cidade,
        responsavel: 'Eng. responsável do cliente',
        technicianId: techIds[i % techIds.length] ?? null,
        equipamento: ['Transformador 500 kVA', 'Inversor solar 100 kW', 'Gerador diesel 250 kVA'][i % 3] ?? '',
        nrPeca: `PC-${1000 + i}`,
        nrSerie: `SN${20260000 + i}`,
        motivo: ['Manutenção preventiva', 'Falha no disjuntor', 'Comissionamento'][i % 3] ?? '',
        status,
        endDate: status === 'Concluído' || status === 'Fechado' ? day : null,
      })
      .returning({ id: orders.id });
    if (!order || status === 'Aberto') continue;
    await db
      .insert(outboundTrips)
      .values({ orderId: order.id, dataida: day, saidaida: '06:30', chegadaida: '08:00', duracaoMin: 90, kmida: '85.0' });
    await db.insert(serviceEntries).values({
      orderId: order.id,
      dataservico: day,
      entradaservico: '08:00',
      saidaservico: '17:00',
      intervaloMin: 60,
      duracaoMin: 480,
    });
    await db
      .insert(descriptions)
      .values({ orderId: order.id, data: day, descricao: 'Inspeção visual, medições de isolamento e reaperto de conexões.' });
    if (status !== 'Andamento') {
      await db.insert(returnTrips).values({
        orderId: order.id,
        datavolta: day,
        saidavolta: '17:30',
        chegadavolta: '19:00',
        duracaoMin: 90,
        kmvolta: '85.0',
      });
    }
  }
  await db.update(counters).set({ value: sql`(select coalesce(max(numero), 0) from orders)` }).where(eq(counters.name, 'orders'));
}
