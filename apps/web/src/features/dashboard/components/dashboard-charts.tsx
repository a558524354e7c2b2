import { type DashboardData, formatCentavos, formatDate, type OrderStatus, STATUS_LABELS } from '@os/shared';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table } from '../../../components/ui/table';
import { type ChartColors, useChartColors } from '../../../lib/chart-colors';

/** Status colours of the management screens (docs/rules.md#states): Aberto yellow, Andamento blue, Concluído green, Fechado red. */
const STATUS_COLORS: Record<OrderStatus, { light: string; dark: string }> = {
  Aberto: { light: '#ca8a04', dark: '#facc15' },
  Andamento: { light: '#1d4ed8', dark: '#60a5fa' },
  Concluído: { light: '#15803d', dark: '#4ade80' },
  Fechado: { light: '#b91c1c', dark: '#f87171' },
};

const axisOf = (colors: ChartColors) => ({ tick: { fill: colors.text, fontSize: 11 }, stroke: colors.grid });

const monthLabel = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;
const hours = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')} h`;
const reais = (value: number) => formatCentavos(Math.round(value * 100));
const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 1 });

function Panel({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={title}
      className={`rounded-lg border border-slate-200 bg-white p-3 sm:p-4 dark:border-slate-700 dark:bg-slate-900 ${className ?? ''}`}
    >
      <h2 className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-100">{title}</h2>
      {children}
    </section>
  );
}

function Kpi({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2.5 dark:border-slate-700 dark:bg-slate-900">
      <p className="text-xs text-slate-500 dark:text-slate-400">{label}</p>
      <p className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900 dark:text-white">{value}</p>
    </div>
  );
}

function Nothing({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-slate-500 dark:text-slate-400">{children}</p>;
}

function Kpis({ data }: { data: DashboardData }) {
  const abertasAgora = data.abertasAgora.reduce((sum, s) => sum + s.total, 0);
  const despesas = data.porTipoDespesa.reduce((sum, t) => sum + t.total, 0);
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      <Kpi label="OS abertas agora" value={abertasAgora} />
      <Kpi label="Concluídas no período" value={data.concluidas} />
      <Kpi label="Média de dias até Concluído" value={data.mediaDiasConclusao === null ? '—' : number(data.mediaDiasConclusao)} />
      <Kpi label="Despesas no período" value={reais(despesas)} />
    </div>
  );
}

function StatusPanel({ data, colors }: { data: DashboardData; colors: ChartColors }) {
  const axis = axisOf(colors);
  const porStatus = data.porStatus.map((s) => ({ ...s, label: STATUS_LABELS[s.status] }));
  const colorOf = (status: OrderStatus) => STATUS_COLORS[status][colors.dark ? 'dark' : 'light'];
  return (
    <Panel title="OS abertas agora por status">
      <ul className="flex flex-wrap gap-4 text-sm">
        {data.abertasAgora.map((s) => (
          <li key={s.status} className="flex items-center gap-2">
            <span className="inline-block size-3 rounded-full" style={{ background: colorOf(s.status) }} aria-hidden="true" />
            {STATUS_LABELS[s.status]}: <strong className="tabular-nums">{s.total}</strong>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 mb-1 text-xs font-medium text-slate-500 dark:text-slate-400">OS abertas no período por status</h3>
      <ResponsiveContainer width="100%" height={200}>
        <BarChart data={porStatus} margin={{ top: 8, right: 8, left: -20, bottom: 0 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" interval={0} {...axis} tick={{ fill: colors.text, fontSize: 10 }} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...colors.tooltip} />
          <Bar dataKey="total" name="OS" radius={[4, 4, 0, 0]}>
            {porStatus.map((s) => (
              <Cell key={s.status} fill={colorOf(s.status)} />
            ))}
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </Panel>
  );
}

type MonthRow = DashboardData['porMes'][number] & { label: string };

function MonthPanel({ porMes, colors }: { porMes: MonthRow[]; colors: ChartColors }) {
  const axis = axisOf(colors);
  return (
    <Panel title="OS abertas e concluídas por mês">
      <ResponsiveContainer width="100%" height={260}>
        <BarChart data={porMes} margin={{ top: 8, right: 8, left: -20, bottom: 0 }}>
          <CartesianGrid stroke={colors.grid} vertical={false} />
          <XAxis dataKey="label" {...axis} />
          <YAxis allowDecimals={false} {...axis} />
          <Tooltip {...colors.tooltip} />
          <Legend wrapperStyle={{ color: colors.text, fontSize: 12 }} />
          <Bar dataKey="abertas" name="Abertas" fill={colors.blue} radius={[3, 3, 0, 0]} />
          <Bar dataKey="concluidas" name="Concluídas" fill={colors.green} radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </Panel>
  );
}

function TechnicianPanel({ data, colors }: { data: DashboardData; colors: ChartColors }) {
  const axis = axisOf(colors);
  const porTecnico = data.porTecnico.map((t) => ({
    ...t,
    horasServico: Math.round((t.minutosServico / 60) * 10) / 10,
    horasViagem: Math.round((t.minutosViagem / 60) * 10) / 10,
  }));
  return (
    <Panel title="Horas e km por técnico">
      {porTecnico.length === 0 ? (
        <Nothing>Nenhum lançamento no período.</Nothing>
      ) : (
        <>
          <ResponsiveContainer width="100%" height={Math.max(160, porTecnico.length * 44)}>
            <BarChart data={porTecnico} layout="vertical" margin={{ top: 4, right: 12, left: 8, bottom: 0 }}>
              <CartesianGrid stroke={colors.grid} horizontal={false} />
              <XAxis type="number" {...axis} />
              <YAxis type="category" dataKey="tecnico" width={96} {...axis} />
              <Tooltip {...colors.tooltip} formatter={(value) => `${number(Number(value))} h`} />
              <Legend wrapperStyle={{ color: colors.text, fontSize: 12 }} />
              <Bar dataKey="horasServico" name="Horas de serviço" stackId="h" fill={colors.blue} />
              <Bar dataKey="horasViagem" name="Horas de viagem" stackId="h" fill={colors.amber} />
            </BarChart>
          </ResponsiveContainer>
          <Table
            className="mt-3"
            caption="Horas e km por técnico"
            rows={porTecnico}
            rowKey={(t) => t.tecnicoId}
            columns={[
              { key: 'tecnico', header: 'Técnico', cell: (t) => t.tecnico },
              { key: 'servico', header: 'Serviço', align: 'right', cell: (t) => hours(t.minutosServico) },
              { key: 'viagem', header: 'Viagem', align: 'right', cell: (t) => hours(t.minutosViagem) },
              { key: 'km', header: 'Km', align: 'right', cell: (t) => number(t.km) },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

function WeekLoadPanel({ data }: { data: DashboardData }) {
  return (
    <Panel title="Carga da semana por técnico">
      <p className="mb-2 text-xs text-slate-500 dark:text-slate-400">
        Horas agendadas de {formatDate(data.cargaSemana.semana.inicio)} a {formatDate(data.cargaSemana.semana.fim)}
      </p>
      {data.cargaSemana.tecnicos.length === 0 ? (
        <Nothing>Nenhuma OS agendada nesta semana.</Nothing>
      ) : (
        <Table
          caption="Carga da semana por técnico"
          rows={data.cargaSemana.tecnicos}
          rowKey={(t) => t.tecnicoId}
          columns={[
            { key: 'tecnico', header: 'Técnico', cell: (t) => t.tecnico },
            { key: 'horas', header: 'Horas agendadas', align: 'right', cell: (t) => hours(t.minutos) },
            { key: 'ordens', header: 'OS', align: 'right', cell: (t) => t.ordens },
          ]}
        />
      )}
    </Panel>
  );
}

function ExpensePanels({ data, porMes, colors }: { data: DashboardData; porMes: MonthRow[]; colors: ChartColors }) {
  const axis = axisOf(colors);
  return (
    <>
      <Panel title="Despesas por tipo">
        {data.porTipoDespesa.length === 0 ? (
          <Nothing>Nenhuma despesa no período.</Nothing>
        ) : (
          <ResponsiveContainer width="100%" height={Math.max(160, data.porTipoDespesa.length * 40)}>
            <BarChart data={data.porTipoDespesa} layout="vertical" margin={{ top: 4, right: 12, left: 8, bottom: 0 }}>
              <CartesianGrid stroke={colors.grid} horizontal={false} />
              <XAxis type="number" {...axis} tickFormatter={(v) => number(Number(v))} />
              <YAxis type="category" dataKey="tipo" width={96} {...axis} />
              <Tooltip {...colors.tooltip} formatter={(value) => reais(Number(value))} />
              <Bar dataKey="total" name="Total" fill={colors.amber} radius={[0, 3, 3, 0]} />
            </BarChart>
          </ResponsiveContainer>
        )}
      </Panel>

      <Panel title="Despesas por mês" className="lg:col-span-2">
        <ResponsiveContainer width="100%" height={240}>
          <BarChart data={porMes} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
            <CartesianGrid stroke={colors.grid} vertical={false} />
            <XAxis dataKey="label" {...axis} />
            <YAxis {...axis} tickFormatter={(v) => number(Number(v))} />
            <Tooltip {...colors.tooltip} formatter={(value) => reais(Number(value))} />
            <Bar dataKey="despesas" name="Despesas" fill={colors.blue} radius={[3, 3, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </Panel>
    </>
  );
}

/** The period's figures: the four numbers on top, then a panel per chart (docs/rules.md#beyond-the-old-product). */
export function DashboardCharts({ data }: { data: DashboardData }) {
  const colors = useChartColors();
  const porMes = data.porMes.map((m) => ({ ...m, label: monthLabel(m.mes) }));
  return (
    <div className="space-y-4">
      <Kpis data={data} />
      <div className="grid gap-4 lg:grid-cols-2">
        <StatusPanel data={data} colors={colors} />
        <MonthPanel porMes={porMes} colors={colors} />
        <TechnicianPanel data={data} colors={colors} />
        <WeekLoadPanel data={data} />
        <ExpensePanels data={data} porMes={porMes} colors={colors} />
      </div>
    </div>
  );
}
