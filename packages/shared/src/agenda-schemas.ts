/**
 * The agenda's schemas (docs/rules.md#agenda): a window's ends on input, PUT /api/os/{id}/agenda and the board's
 * queries. Its texts and the windows' arithmetic are agenda.ts (which the job list reads without Zod).
 */
import { AGENDA_MAX_DAYS, AGENDA_MSG, agendaYearInRange, daysBetween, parseAgendaDateTime } from './agenda';
import { pageQueryWithDefaults, recordIdSchema } from './edge-schemas';
import { z } from './zod';

/** One end of a window on input: text normalised to 'YYYY-MM-DDTHH:mm', '' or null = none. */
export function agendaDateTimeSchema(label: string) {
  return z.union([z.string(), z.null()]).transform((value, ctx): string | null => {
    if (value === null || value.trim() === '') return null;
    const parsed = parseAgendaDateTime(value);
    if (!parsed) {
      ctx.addIssue({ code: 'custom', message: `${label}: ${AGENDA_MSG.invalidDateTime}` });
      return z.NEVER;
    }
    if (!agendaYearInRange(parsed)) {
      ctx.addIssue({ code: 'custom', message: `${label}: ${AGENDA_MSG.outOfRange}` });
      return z.NEVER;
    }
    return parsed;
  });
}

/** PUT /api/os/{id}/agenda: assigns and schedules in one call; both times null unschedules. */
export const agendaUpdateSchema = z.object({
  /** The technician's user id; left out keeps the order's technician. */
  tecnicoId: z.union([recordIdSchema, z.null()]).optional(),
  /** Left out: the current end is kept. */
  agendaInicio: agendaDateTimeSchema(AGENDA_MSG.start).optional(),
  agendaFim: agendaDateTimeSchema(AGENDA_MSG.end).optional(),
});
export type AgendaUpdateInput = z.infer<typeof agendaUpdateSchema>;

const periodDay = z
  .string({ error: AGENDA_MSG.periodRequired })
  .trim()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && parseAgendaDateTime(`${v}T00:00`) !== null, AGENDA_MSG.periodRequired);

/** GET /api/agenda?inicio&fim[&tecnico]: both days required, fim not before inicio, at most 93 days. */
export const agendaQuerySchema = z
  .object({
    inicio: periodDay,
    fim: periodDay,
    tecnico: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^\d{1,9}$/.test(v), AGENDA_MSG.technicianFilter)
      .transform((v) => (v === undefined ? undefined : Number(v))),
  })
  .superRefine((q, ctx) => {
    if (q.fim < q.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: AGENDA_MSG.periodOrder });
    else if (daysBetween(q.inicio, q.fim) + 1 > AGENDA_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['fim'], message: AGENDA_MSG.periodTooLong });
  });
export type AgendaQuery = z.infer<typeof agendaQuerySchema>;

/** GET /api/agenda/pendentes: paged like the other lists (X-Total-Count). */
export const agendaPendingQuerySchema = z.object(pageQueryWithDefaults(1000, 200));
export type AgendaPendingQuery = z.infer<typeof agendaPendingQuerySchema>;
