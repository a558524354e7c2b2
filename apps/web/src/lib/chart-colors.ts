import { useTheme } from './theme';

/**
 * The charts' colours, readable in the light and the dark theme: axis text, grid, the series' blue, green,
 * amber and red, and the tooltip's box, label and cursor.
 */
export function useChartColors() {
  const dark = useTheme().theme === 'dark';
  return {
    dark,
    text: dark ? '#cbd5e1' : '#334155',
    grid: dark ? '#334155' : '#e2e8f0',
    blue: dark ? '#60a5fa' : '#1d4ed8',
    green: dark ? '#4ade80' : '#15803d',
    amber: dark ? '#fbbf24' : '#b45309',
    red: dark ? '#f87171' : '#b91c1c',
    tooltip: {
      contentStyle: {
        background: dark ? '#0f172a' : '#ffffff',
        border: `1px solid ${dark ? '#334155' : '#cbd5e1'}`,
        borderRadius: 6,
        color: dark ? '#f1f5f9' : '#0f172a',
        fontSize: 12,
      },
      labelStyle: { color: dark ? '#f1f5f9' : '#0f172a', fontWeight: 600 },
      cursor: { fill: dark ? 'rgba(148,163,184,0.12)' : 'rgba(148,163,184,0.18)' },
    },
  };
}
export type ChartColors = ReturnType<typeof useChartColors>;
