import { OFFLINE_MSG } from '@os/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useConfirm } from '../components/ui/confirm-dialog';
import { toast } from '../components/ui/toast';
import { ApiError } from '../lib/api';
import { useAuth } from '../lib/auth';
import { listOutbox } from '../lib/offline/outbox';
import { syncOutbox } from '../lib/offline/sync';

/**
 * 'Sair' (docs/rules.md#offline-sync): a shared phone keeps nothing of who leaves. Pending entries
 * are sent first; what cannot be sent now is discarded only when the person says so, every time.
 */
export function useSignOut() {
  const { user, logout } = useAuth();
  const confirm = useConfirm();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  const signOut = async () => {
    if (!user) return;
    let pending = await listOutbox(user.id);
    if (pending.some((e) => e.status === 'pending') && navigator.onLine) {
      await syncOutbox();
      pending = await listOutbox(user.id);
    }
    if (
      pending.length > 0 &&
      !(await confirm({ message: OFFLINE_MSG.signOutPending, confirmLabel: OFFLINE_MSG.signOutDiscard, danger: true }))
    )
      return;
    setLeaving(true);
    try {
      await logout();
    } catch (error) {
      // The session is forgotten here anyway; tell the user the server may still hold it.
      if (error instanceof ApiError) toast.error(error.message);
    } finally {
      setLeaving(false);
      navigate('/login', { replace: true });
    }
  };

  return { signOut, leaving };
}
