import { MAT_MSG, type StockPlace, stockPlaceInputSchema } from '@os/shared';
import { FormModal } from '../../../components/ui/form-modal';
import { useRegisterForm } from '../../../components/ui/register-form';
import { useCreatePlace } from '../api/stock';

const blank = () => ({ nome: '' });

/**
 * 'Novo local' of /estoque (docs/screens.md#estoque, admin): the place's 'Nome', unique without regard to case
 * (the server's 409 is said in the 'Erro!' dialog); once made it is the place shown.
 */
export function PlaceFormModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (place: StockPlace) => void;
}) {
  const create = useCreatePlace();
  const { text, modal } = useRegisterForm({
    schema: stockPlaceInputSchema,
    open,
    toValues: blank,
    mutation: {
      mutateAsync: async (variables) => {
        const place = await create.mutateAsync(variables);
        onCreated(place);
        return place;
      },
      isPending: create.isPending,
    },
    onClose,
    saved: { text: MAT_MSG.placeSaved, in: 'toast' },
  });
  return (
    <FormModal {...modal} title={MAT_MSG.newPlaceTitle} formId="place-form" submitLabel="Criar" className="flex flex-col gap-3">
      {text('nome', 'Nome', { required: true, autoComplete: 'off', maxLength: 100 })}
    </FormModal>
  );
}
