import { formatQuantity, MAT_MSG, type PlannedMaterial } from '@os/shared';
import { Button } from '../../../components/ui/button';
import { useOrderMaterials } from '../api/order-materials';

/**
 * 'Previstos no orçamento' of the job card's 'Materiais' (docs/rules.md#quotes): the quote's material items, each
 * with what the order has used of it so far and 'Usar', which fills the add form for the technician to confirm.
 */
export function PlannedMaterials({
  orderId,
  planned,
  onUse,
}: {
  orderId: number;
  planned: PlannedMaterial[];
  onUse: (item: PlannedMaterial) => void;
}) {
  const lines = useOrderMaterials(orderId).data ?? [];
  if (planned.length === 0) return null;
  const used = (materialId: number) => lines.filter((l) => l.materialId === materialId).reduce((sum, l) => sum + l.quantidade, 0);
  return (
    <section aria-label={MAT_MSG.plannedTitle} className="flex flex-col gap-2">
      <h3 className="font-medium">{MAT_MSG.plannedTitle}</h3>
      <ul className="flex flex-col gap-2">
        {planned.map((item) => {
          const already = used(item.materialId);
          return (
            <li
              key={`${item.materialId}-${item.descricao}`}
              className="flex items-center gap-2 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700"
            >
              <p className="min-w-0 flex-1">
                <span className="font-semibold">{item.codigo}</span> · {item.descricao} · {formatQuantity(item.quantidade)}{' '}
                {item.unidade}
                {already > 0 && (
                  <span className="block text-slate-600 dark:text-slate-300">
                    {MAT_MSG.plannedUsed(formatQuantity(already), item.unidade)}
                  </span>
                )}
              </p>
              <Button
                variant="secondary"
                className="min-h-11"
                aria-label={`${MAT_MSG.plannedUse} ${item.codigo}`}
                onClick={() => onUse(item)}
              >
                {MAT_MSG.plannedUse}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
