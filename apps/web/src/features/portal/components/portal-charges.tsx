import { PIX_MSG, type PixCharge } from '@os/shared';
import { Copy } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../components/ui/page-title';
import { LoadingBlock } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toast';
import { formatCentavos, formatDate, padNumber } from '../../../lib/format';
import { usePortalCharges } from '../api/portal-quotes';
import { PortalGate } from './portal-home';
import { PORTAL_MUTED, PortalCard, PortalList, usePortalPage } from './portal-page';

/** /portal/cobrancas 'Cobranças': each closing's PIX charge, its QR code and 'Copiar código' (docs/screens.md#portal). */
export function PortalChargesPage() {
  useDocumentTitle('Cobranças - Área do Cliente');
  return <PortalGate>{() => <PortalChargeList />}</PortalGate>;
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success(PIX_MSG.copied);
  } catch {
    toast.error('Não foi possível copiar. Selecione o código e copie.');
  }
}

function ChargeStatus({ charge }: { charge: PixCharge }) {
  if (charge.status === 'Paga') return <Badge tone="green">Paga</Badge>;
  if (charge.status === 'Cancelada') return <Badge tone="gray">Cancelada</Badge>;
  return charge.vencida ? <Badge tone="red">Vencida</Badge> : <Badge tone="yellow">Em aberto</Badge>;
}

function PortalChargeList() {
  const { loading, items, pagination } = usePortalPage(usePortalCharges);
  if (loading) return <LoadingBlock />;
  return (
    <PortalList
      id="portal-charges-title"
      title={PIX_MSG.chargesTitle}
      empty={PIX_MSG.empty}
      items={items}
      pagination={pagination}
      card={(c) => (
        <PortalCard
          key={c.txid}
          head={
            <>
              <span className="font-semibold text-slate-900 dark:text-white">Fechamento {padNumber(c.fechamento)}</span>
              <ChargeStatus charge={c} />
            </>
          }
        >
          <p className={PORTAL_MUTED}>
            {formatCentavos(Math.round(c.valor * 100))} · vencimento {formatDate(c.vencimento)}
            {c.pagaEm ? ` · paga em ${formatDate(c.pagaEm)}` : ''}
          </p>
          {c.status === 'Em aberto' && (
            <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
              <img
                src={c.qrCode}
                alt={`QR code PIX do fechamento ${padNumber(c.fechamento)}`}
                className="size-48 rounded bg-white"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <label htmlFor={`pix-${c.txid}`} className="text-sm font-medium text-slate-700 dark:text-slate-200">
                  {PIX_MSG.copyAndPaste}
                </label>
                <textarea
                  id={`pix-${c.txid}`}
                  readOnly
                  rows={4}
                  value={c.pixCopiaECola}
                  className="w-full rounded-md border border-slate-300 bg-slate-50 p-2 font-mono text-xs break-all text-slate-900 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button icon={<Copy className="size-4" aria-hidden="true" />} onClick={() => void copyCode(c.pixCopiaECola)}>
                  {PIX_MSG.copy}
                </Button>
              </div>
            </div>
          )}
        </PortalCard>
      )}
    />
  );
}
