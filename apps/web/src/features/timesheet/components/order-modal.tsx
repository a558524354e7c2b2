import { type Lancamento, padNumber } from '@os/shared';
import { Modal, type ModalProps } from '../../../components/ui/modal';

export type OrderModalProps = Omit<ModalProps, 'open' | 'onOpenChange' | 'description'> & {
  order: Lancamento;
  onClose: () => void;
};

/** A modal of an order card's action, open while shown: 'OS 00012 · client' under its title (docs/screens.md#order-card-modals). */
export function OrderModal({ order, onClose, ...props }: OrderModalProps) {
  return (
    <Modal
      {...props}
      open
      onOpenChange={(open) => !open && onClose()}
      description={`OS ${padNumber(order.numero)} · ${order.cliente}`}
    />
  );
}
