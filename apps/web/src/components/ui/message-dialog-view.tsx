import { CircleAlert, CircleCheck, TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from './button';
import type { MessageKind } from './message-dialog';

// The product's dialog titles (docs/api.md#errors).
const KINDS: Record<MessageKind, { title: string; icon: ReactNode; tone: string }> = {
  error: { title: 'Erro!', icon: <CircleAlert aria-hidden="true" />, tone: 'text-red-700 dark:text-red-400' },
  success: { title: 'Sucesso!', icon: <CircleCheck aria-hidden="true" />, tone: 'text-green-700 dark:text-green-400' },
  warning: { title: 'Atenção!', icon: <TriangleAlert aria-hidden="true" />, tone: 'text-amber-600 dark:text-amber-400' },
};

/** The 'Erro!' / 'Sucesso!' / 'Atenção!' dialog that MessageProvider shows; mounted only while open. */
export default function MessageDialogView({
  kind: kindName,
  message,
  onClose,
}: {
  kind: MessageKind;
  message: ReactNode;
  onClose: () => void;
}) {
  const kind = KINDS[kindName];
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700">
          <div className="flex items-start gap-3">
            <span className={cn('mt-0.5 [&_svg]:size-6', kind.tone)}>{kind.icon}</span>
            <div className="min-w-0">
              <AlertDialog.Title className="text-base font-semibold">{kind.title}</AlertDialog.Title>
              <AlertDialog.Description asChild>
                <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{message}</div>
              </AlertDialog.Description>
            </div>
          </div>
          <div className="mt-5 flex justify-end">
            {/* Cancel, not Action: Radix gives the focus to an alert dialog's Cancel when it opens, so Enter closes it. */}
            <AlertDialog.Cancel asChild>
              <Button className="max-sm:w-full" onClick={onClose}>
                OK
              </Button>
            </AlertDialog.Cancel>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
