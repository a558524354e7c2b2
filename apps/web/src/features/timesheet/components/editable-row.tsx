import { FIELD_MSG, sentence } from '@os/shared';
import { Pencil } from 'lucide-react';
import { createContext, type FocusEvent, type KeyboardEvent, type ReactNode, useContext, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import { IconButton } from '../../../components/ui/icon-button';
import { PHONE_CARD_CELL, PHONE_CARD_ROW, ScrollBox } from '../../../components/ui/table';
import { toast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { firstError, useSchemaForm } from '../../../lib/use-schema-form';

/** What a row's `edit` draws its inputs with: the values being typed and a CellInput bound to one field. */
export interface RowForm<Values extends FieldValues> {
  draft: Values;
  register: UseFormRegister<Values>;
  /** A CellInput of one text field, named `label`. */
  input: (field: Path<Values>, label: string, props?: React.ComponentProps<'input'>) => ReactNode;
}

/**
 * A table row that toggles into edit mode and saves on blur (focus leaving the row) or Enter
 * (docs/rules.md#states): a form over the row's text values read by `schema`, the payload schema the server
 * parses (docs/style.md#a-form). A refused row, here or on the server, brings the previous values back and
 * says why (also for descriptions: our fix).
 */
export function EditableRow<Values extends FieldValues, Output>({
  values,
  schema,
  editable,
  label,
  save,
  view,
  edit,
}: {
  values: Values;
  schema: z.ZodType<Output, Values>;
  editable: boolean;
  /** Accessible name of the edit button, e.g. 'Editar serviço de 21/11/2026'. */
  label: string;
  save: (next: Output) => Promise<unknown>;
  view: (values: Values) => ReactNode[];
  edit: (form: RowForm<Values>) => ReactNode[];
}) {
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState(values);
  const [saving, setSaving] = useState(false);
  const form = useSchemaForm(schema, values);
  const rowRef = useRef<HTMLTableRowElement>(null);
  const [prevValues, setPrevValues] = useState(values);
  if (values !== prevValues) {
    // New data from the server: show it.
    setPrevValues(values);
    setShown(values);
  }

  const commit = () => {
    if (saving) return;
    setEditing(false);
    const draft = { ...form.getValues() };
    if (JSON.stringify(draft) === JSON.stringify(shown)) return;
    const before = shown;
    const refused = (reason: string | undefined) => {
      setShown(before);
      form.reset(before);
      toast.error(reason ? `${FIELD_MSG.rowSaveFailed} ${reason}` : FIELD_MSG.rowSaveFailed);
    };
    setShown(draft);
    void form.handleSubmit(
      async (next) => {
        setSaving(true);
        try {
          await save(next);
        } catch (error) {
          refused(error instanceof Error ? error.message : undefined);
        } finally {
          setSaving(false);
        }
      },
      (errors) => {
        const reason = firstError(errors);
        refused(reason && sentence(reason));
      },
    )();
  };

  const onBlur = (event: FocusEvent<HTMLTableRowElement>) => {
    if (editing && !rowRef.current?.contains(event.relatedTarget as Node | null)) commit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (!editing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      form.reset(shown);
      setEditing(false);
    }
  };

  const labels = useContext(CellLabels);
  const draft = form.watch() as Values;
  const input: RowForm<Values>['input'] = (field, name, props = {}) => (
    <CellInput key={field} {...props} aria-label={name} {...form.register(field)} />
  );
  const cells = editing ? edit({ draft, register: form.register, input }) : view(shown);
  return (
    <tr
      ref={rowRef}
      // Escape while editing cancels the row's edit only (the shared Modal reads this).
      data-editing={editing}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      className={cn(PHONE_CARD_ROW, editing && 'bg-blue-50/60 dark:bg-blue-950/40', saving && 'opacity-60')}
    >
      {cells.map((cell, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are positional
        <td key={i} data-label={labels[i]} className={cn('px-2 py-1.5 align-middle', PHONE_CARD_CELL)}>
          {cell}
        </td>
      ))}
      <td className="px-1 py-1 text-right max-sm:flex max-sm:justify-end max-sm:empty:hidden">
        {editable && !editing && (
          <IconButton
            label={label}
            icon={<Pencil />}
            onClick={() => {
              form.reset(shown);
              setEditing(true);
              // Focus the first input of the row once it is drawn.
              requestAnimationFrame(() => rowRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus());
            }}
          />
        )}
      </td>
    </tr>
  );
}

/** A compact input for a table cell. */
export function CellInput(props: React.ComponentProps<'input'>) {
  return (
    <input
      {...props}
      className={cn(
        'h-9 w-full min-w-0 rounded border border-slate-300 bg-white px-1.5 text-sm dark:border-slate-600 dark:bg-slate-900 max-sm:h-11',
        props.className,
      )}
    />
  );
}

/** The column names of the CellTable around a row: each cell shows its own before its value on a phone card. */
const CellLabels = createContext<string[]>([]);

/**
 * A small table of an order's records; the last, unnamed column holds the row actions unless `readOnly`.
 * Under 640 px its rows are cards of 'column: value' lines, so nothing scrolls sideways (docs/rules.md#daily-use).
 */
export function CellTable({
  headers,
  children,
  caption,
  readOnly,
}: {
  headers: string[];
  children: ReactNode;
  caption: string;
  readOnly?: boolean;
}) {
  return (
    <ScrollBox label={caption} className="rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="w-full border-collapse text-sm max-sm:block">
        <caption className="bg-slate-50 max-sm:block px-2 py-1.5 text-left text-xs font-semibold text-slate-600 dark:bg-slate-800/60 dark:text-slate-300">
          {caption}
        </caption>
        <thead className="max-sm:sr-only">
          <tr>
            {(readOnly ? headers : [...headers, '']).map((h, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed header list
                key={i}
                scope="col"
                className="border-b border-slate-200 bg-slate-100 px-2 py-2 text-left text-xs font-semibold text-slate-600 uppercase dark:border-slate-700 dark:bg-slate-800 dark:text-slate-300"
              >
                {h || <span className="sr-only">Ações</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          <CellLabels.Provider value={headers}>{children}</CellLabels.Provider>
        </tbody>
      </table>
    </ScrollBox>
  );
}
