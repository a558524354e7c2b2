/**
 * The database: every entity of docs/rules.md#entities and docs/rules.md. Money is integer centavos,
 * durations integer minutes, clock times Postgres `time`, days Postgres `date`.
 * Records of an order are deleted with it (the audit trail keeps the trace).
 */
export * from './accounts';
export * from './agenda';
export * from './audit';
export * from './checklists';
export * from './closing';
export * from './documents';
export * from './equipment';
export * from './materials';
export * from './order-records';
export * from './orders';
export * from './pix';
export * from './portal';
export * from './quotes';
export * from './registers';
export * from './whatsapp';
