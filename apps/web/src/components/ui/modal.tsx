import { ORDER_MSG } from '@os/shared';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef } from 'react';
import { cn } from '../../lib/cn';
import { useConfirm } from './confirm-dialog';
import { DialogIconButton } from './dialog-icon-button';

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-xl', lg: 'sm:max-w-3xl', xl: 'sm:max-w-5xl' } as const;

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom (on phones within thumb reach). */
  footer?: ReactNode;
  size?: keyof typeof SIZES;
  /**
   * Called before the modal closes by Escape, the X or a click outside; return false to keep it open
   * (e.g. after asking about unsaved changes).
   */
  onBeforeClose?: () => boolean | Promise<boolean>;
}

/**
 * docs/ui.md#behaviour: "a modal with unsaved changes asks before closing". Give `confirmClose` to the Modal's
 * `onBeforeClose` (Escape, the X, a click outside) and `cancel` to its 'Cancelar' button; a successful
 * save closes the modal through `onClose` directly, without asking. The question is the order form's
 * ('Há alterações não salvas. Deseja descartá-las?'), the one wording for every modal.
 */
export function useUnsavedChangesGuard(dirty: boolean, onClose: () => void) {
  const confirm = useConfirm();
  const confirmClose = async () => !dirty || (await confirm({ message: ORDER_MSG.discardChanges, confirmLabel: 'Descartar' }));
  const cancel = async () => {
    if (await confirmClose()) onClose();
  };
  return { confirmClose, cancel };
}

/**
 * Escape inside an element marked `data-editing="true"` (a table row or cell being edited in place)
 * cancels that edit only; the modal stays open.
 */
function keepOpenWhileEditing(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest('[data-editing="true"]')) event.preventDefault();
}

/**
 * A form takes the focus on its first field when it opens, not on the close button
 * (docs/rules.md#daily-use); a modal without fields keeps Radix's default.
 */
function focusFirstField(event: Event) {
  const content = event.currentTarget;
  if (!(content instanceof HTMLElement)) return;
  const body = content.querySelector('[data-modal-body]');
  // A field that asked for the focus itself (autoFocus) keeps it.
  if (body?.contains(document.activeElement)) {
    event.preventDefault();
    return;
  }
  const field = body?.querySelector<HTMLElement>(
    'input:not([type="hidden"]):not([type="file"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])',
  );
  if (!field) return;
  event.preventDefault();
  field.focus();
}

/** The one modal of the app: Radix Dialog traps focus, closes on Escape and gives focus back to the opener. */
export function Modal({ open, onOpenChange, title, description, children, footer, size = 'md', onBeforeClose }: ModalProps) {
  const requestClose = async () => {
    if (onBeforeClose && !(await onBeforeClose())) return;
    onOpenChange(false);
  };
  // Focus goes back to what opened the modal (docs/ui.md#behaviour). Radix does that only for its own Trigger, and our
  // modals open from plain buttons; the opener is noted while rendering, before an autoFocus field inside
  // takes the focus.
  const opener = useRef<Element | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) opener.current = document.activeElement;
  wasOpen.current = open;
  const returnFocus = (event: Event) => {
    const target = opener.current;
    if (target instanceof HTMLElement && target.isConnected) {
      event.preventDefault();
      target.focus();
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? onOpenChange(true) : void requestClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[1px]" />
        <Dialog.Content
          className={cn(
            'fixed z-50 flex max-h-[100dvh] w-full flex-col bg-white shadow-xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700',
            'inset-x-0 bottom-0 rounded-t-xl sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90vh] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-lg',
            SIZES[size],
          )}
          onEscapeKeyDown={keepOpenWhileEditing}
          onOpenAutoFocus={focusFirstField}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix must be told there is none.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 dark:border-slate-700">
            <div>
              <Dialog.Title className="text-base font-semibold">{title}</Dialog.Title>
              {description && (
                <Dialog.Description className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
                  {description}
                </Dialog.Description>
              )}
            </div>
            <DialogIconButton
              action="close"
              label="Fechar"
              icon={X}
              className="-m-1 size-8 text-slate-500 hover:bg-slate-100 hover:text-slate-900 max-sm:size-11 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
              iconClassName="size-4"
            />
          </div>
          <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
            {children}
          </div>
          {footer && (
            <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end dark:border-slate-700">
              {footer}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
