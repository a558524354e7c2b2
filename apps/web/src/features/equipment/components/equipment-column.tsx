import { type Equipment, equipmentName } from '@os/shared';
import { Link } from 'react-router';
import type { Column } from '../../../components/ui/table';

/** The 'Equipamento' column of the equipment and maintenance lists: the equipment's name, a link to its page. */
export function equipmentColumn<Row extends { id: number } & Pick<Equipment, 'tipo' | 'fabricante' | 'modelo'>>(): Column<Row> {
  return {
    key: 'equipamento',
    header: 'Equipamento',
    cell: (row) => (
      <Link to={`/equipamentos/${row.id}`} className="font-medium text-blue-700 hover:underline dark:text-blue-300">
        {equipmentName(row)}
      </Link>
    ),
  };
}
