import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { Modal, type ModalProps, useUnsavedChangesGuard } from './modal';

export interface FormModalProps {
  open: boolean;
  onClose: () => void;
  /** Unsaved changes: Escape, the X, a click outside and 'Cancelar' ask first (docs/ui.md#behaviour). */
  dirty: boolean;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: ReactNode;
  size?: ModalProps['size'];
  /** The form's id, tying the footer's submit button to it. */
  formId: string;
  submitLabel: string;
  className?: string;
  children: ReactNode;
  /** Shown above the form (e.g. an order's 'Enviar para aprovação'). */
  before?: ReactNode;
  /** Shown under the form (e.g. an order's history). */
  after?: ReactNode;
}

/** A modal holding one form, with 'Cancelar' and the submit button ('Criar', 'Salvar', ...) in its footer. */
export function FormModal({
  open,
  onClose,
  dirty,
  saving,
  onSubmit,
  title,
  size,
  formId,
  submitLabel,
  className,
  children,
  before,
  after,
}: FormModalProps) {
  const guard = useUnsavedChangesGuard(dirty && !saving, onClose);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      onBeforeClose={guard.confirmClose}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={guard.cancel}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {before}
      <form id={formId} noValidate onSubmit={onSubmit} className={className}>
        {children}
      </form>
      {after}
    </Modal>
  );
}
