import { MAT_MSG, type Material, searchMaterials } from '@os/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';
import { useMaterialCatalogue } from '../api/materials';

/**
 * Search by código or descrição over the active register kept on the device (works without signal), then a
 * tap on one of at most 8 matches chooses it; the chosen one shows with 'Trocar'.
 */
export function MaterialPicker({
  catalogue,
  chosen,
  onChoose,
  label = MAT_MSG.pickLabel,
}: {
  catalogue: Material[];
  chosen: Material | null;
  onChoose: (material: Material | null) => void;
  /** The search box's name for screen readers, when a screen has more than one picker. */
  label?: string;
}) {
  const [text, setText] = useState('');
  if (chosen)
    return (
      <div className="flex items-center gap-2 rounded-md border border-blue-200 bg-blue-50 p-2 dark:border-blue-800 dark:bg-blue-950">
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-semibold">{chosen.codigo}</span> · {chosen.descricao}{' '}
          <span className="text-slate-600 dark:text-slate-300">({chosen.unidade})</span>
        </p>
        <Button variant="secondary" className="min-h-11" onClick={() => onChoose(null)}>
          Trocar
        </Button>
      </div>
    );
  const matches = searchMaterials(catalogue, text);
  return (
    <div className="flex flex-col gap-2">
      <SearchInput label={label} placeholder={MAT_MSG.pickPlaceholder} value={text} onChange={setText} />
      {text.trim() && matches.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-300">{MAT_MSG.pickNone}</p>}
      {matches.length > 0 && (
        <ul aria-label="Materiais encontrados" className="flex flex-col gap-1">
          {matches.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => {
                  onChoose(m);
                  setText('');
                }}
                className="flex min-h-11 w-full items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:hover:bg-slate-800"
              >
                <span className="font-semibold">{m.codigo}</span>
                <span className="min-w-0 flex-1 truncate">{m.descricao}</span>
                <span className="text-slate-600 dark:text-slate-300">{m.unidade}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The picker over the active register for a form that keeps only the material's id (a quote's item,
 * docs/screens.md#orcamentos): the chosen one is found in the register; one no longer active shows its id.
 */
export function RegisterMaterialPicker({
  materialId,
  onChoose,
  label,
}: {
  materialId: number | null;
  onChoose: (material: Material | null) => void;
  label?: string;
}) {
  const catalogue = useMaterialCatalogue();
  const chosen = materialId ? (catalogue.data?.find((m) => m.id === materialId) ?? null) : null;
  if (materialId && !chosen)
    return (
      <div className="flex items-center gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 dark:border-amber-700 dark:bg-amber-950">
        <p className="min-w-0 flex-1 text-sm">
          {catalogue.isPending ? 'Carregando o cadastro de materiais...' : `Material nº ${materialId} fora do cadastro ativo.`}
        </p>
        <Button variant="secondary" className="min-h-11" onClick={() => onChoose(null)}>
          Trocar
        </Button>
      </div>
    );
  return <MaterialPicker catalogue={catalogue.data ?? []} chosen={chosen} onChoose={onChoose} label={label} />;
}
