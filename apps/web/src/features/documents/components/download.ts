/** 1536 -> '1,5 KB'; 2_400_000 -> '2,29 MB'. */
export function formatBytes(bytes: number): string {
  const number = (value: number) => value.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024)} KB`;
  return `${number(bytes / (1024 * 1024))} MB`;
}
