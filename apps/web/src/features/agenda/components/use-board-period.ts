import { businessToday, isIsoDate } from '@os/shared';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type Period, periodLabel, periodOf, shiftDay, VIEWS, type View } from './period';

export interface BoardPeriod {
  view: View;
  /** The day the period is built around (?dia=, today by default). */
  day: string;
  today: string;
  period: Period;
  /** '24/11/2026', '23/11 – 29/11/2026', 'novembro de 2026'. */
  label: string;
  /** 'Dia', 'Semana', 'Mês'. */
  setView: (view: View) => void;
  /** 'Anterior' (-1) and 'Próximo' (1). */
  step: (step: 1 | -1) => void;
  /** 'Hoje'. */
  toToday: () => void;
}

/**
 * The board's period in the address (?vista=dia|semana|mes&dia=2026-11-24, docs/screens.md#agenda): a week
 * around today by default; a view or a day that is not one falls back to those.
 */
export function useBoardPeriod(): BoardPeriod {
  const [params, setParams] = useSearchParams();
  const asked = params.get('vista');
  const view: View = (VIEWS as readonly string[]).includes(asked ?? '') ? (asked as View) : 'semana';
  const dayParam = params.get('dia');
  const today = businessToday();
  const day = dayParam && isIsoDate(dayParam) ? dayParam : today;
  const period = useMemo(() => periodOf(view, day), [view, day]);
  const go = (next: { view?: View; day?: string }) =>
    setParams({ vista: next.view ?? view, dia: next.day ?? day }, { replace: true });
  return {
    view,
    day,
    today,
    period,
    label: periodLabel(view, period),
    setView: (v) => go({ view: v }),
    step: (s) => go({ day: shiftDay(view, day, s) }),
    toToday: () => go({ day: today }),
  };
}
