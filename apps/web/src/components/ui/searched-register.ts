import { useState } from 'react';
import { useDebounced } from '../../lib/use-debounced';
import { usePage } from './pagination';
import { registerActions } from './register-list';
import type { Column } from './table';

/**
 * A server-searched register's screen (clients, equipment, materials): the search as typed and as asked (debounced),
 * the page (of `pageSize` rows), the row open in the form (`{}`: a new one) and the 'Ações' column that opens it.
 */
export function useSearchedRegister<Row>(pageSize: number) {
  const [search, setSearchText] = useState('');
  const debounced = useDebounced(search);
  const { page, setPage } = usePage(pageSize);
  const [editing, setEditing] = useState<{ row?: Row } | null>(null);
  return {
    debounced,
    page,
    setPage,
    /** PagedTable's page, its size and its change. */
    pages: { page, pageSize, setPage },
    /** The search box's value and change: a new search starts at page 1. */
    searchBox: {
      value: search,
      onChange: (value: string) => {
        setSearchText(value);
        setPage(1);
      },
    },
    /** Opens the form for a new row. */
    add: () => setEditing({}),
    /** The form modal's props: open while a row (or a new one) is being edited. */
    form: { open: editing !== null, row: editing?.row, onClose: () => setEditing(null) },
    /** 'Editar <name>' (the form) and 'Excluir <name>' of a row. */
    actions: (name: (row: Row) => string, onDelete: (row: Row) => void): Column<Row> =>
      registerActions(name, (row) => setEditing({ row }), onDelete, ''),
  };
}
