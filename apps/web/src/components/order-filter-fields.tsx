import { ORDER_MSG, ORDER_STATUSES, STATUS_LABELS } from '@os/shared';
import { useEffect } from 'react';
import { useClientOptions, useTechnicianOptions } from '../lib/register-options';
import { Field } from './ui/field';
import { Input, Select } from './ui/input';
import { toast } from './ui/toast';

/** The filters of the order report (spec §2.7), shared by the closing screen (spec §2.9). */
export interface OrderFilterValues {
  dataInicio: string;
  dataFim: string;
  cliente: string;
  status: string;
  engenheiro: string;
}

export function OrderFilterFields({
  value,
  onChange,
}: {
  value: OrderFilterValues;
  onChange: (next: OrderFilterValues) => void;
}) {
  const clients = useClientOptions();
  const technicians = useTechnicianOptions();
  // Nothing fails silently (UI.md): a failed load of the options shows the server's message.
  const failure = clients.error ?? technicians.error;
  useEffect(() => {
    if (failure) toast.error(failure.message);
  }, [failure]);

  const set = (key: keyof OrderFilterValues) => (e: { target: { value: string } }) =>
    onChange({ ...value, [key]: e.target.value });

  return (
    <>
      <Field label="Data Inicio">
        {(c) => <Input type="date" {...c} value={value.dataInicio} onChange={set('dataInicio')} />}
      </Field>
      <Field label="Data Fim">{(c) => <Input type="date" {...c} value={value.dataFim} onChange={set('dataFim')} />}</Field>
      <Field label="Cliente">
        {(c) => (
          <Select {...c} value={value.cliente} onChange={set('cliente')}>
            <option value="">Todos</option>
            {(clients.data ?? []).map((client) => (
              <option key={client.id} value={client.id}>
                {client.razao}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Status">
        {(c) => (
          <Select {...c} value={value.status} onChange={set('status')}>
            <option value="">{ORDER_MSG.allStatuses}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Engenheiro">
        {(c) => (
          <Select {...c} value={value.engenheiro} onChange={set('engenheiro')}>
            <option value="">Todos</option>
            {(technicians.data ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.nome_completo || t.username}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </>
  );
}
