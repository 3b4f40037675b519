import { Button, Modal } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '@kainga/contracts';
import { erasureReasonProblem } from '@kainga/contracts/browser';
import { apiErrorMessage, apiRequest } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import type { ListPage } from './admin-list';
import { adminUsersKey } from './admin-queries';
import { useReturnFocus } from '../../forms/use-return-focus';
import { whileBusy } from '../../forms/while-busy';
import { ErasureReasonField } from './ErasureReasonField';

/**
 * The dialog: what erasure does, the person's name to check it is the right one, and the reason
 * (recorded in the history, so it names the request, not the person). Its errors stay in it.
 */
function EraseUserDialog({ user, open, onClose, onErased }: { user: User; open: boolean; onClose: () => void; onErased: () => void }) {
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const name = `${user.firstName} ${user.lastName}`;
  const erase = useMutation({
    mutationFn: (text: string) => apiRequest('POST', `/api/admin/users/${encodeURIComponent(user.id)}/erase`, { reason: text }),
    onSuccess: async () => {
      // The row goes at once; every cached page of the list is then asked again (counts, next rows).
      queryClient.setQueriesData<ListPage<User>>({ queryKey: adminUsersKey }, (page) =>
        page ? { ...page, items: page.items.filter((u) => u.id !== user.id), total: Math.max(0, page.total - 1) } : page,
      );
      onErased();
      toast({ variant: 'success', title: 'Person Erased', description: `${name}'s account and personal information have been erased. The erasure is recorded in the history.` });
      await queryClient.invalidateQueries({ queryKey: adminUsersKey });
    },
  });
  const reset = erase.reset;
  // Each opening starts empty.
  const close = () => {
    setReason('');
    reset();
    onClose();
  };

  const problem = erasureReasonProblem(reason);
  const error = erase.isError ? apiErrorMessage(erase.error, 'The person could not be erased. Please try again.') : null;
  const idBase = `erase-${user.id}`;
  return (
    <Modal
      open={open}
      title={`Erase ${name}?`}
      okText="Erase"
      cancelText="Cancel"
      okButtonProps={{ danger: true, disabled: problem !== null, loading: erase.isPending }}
      onOk={() => {
        if (!problem && ensureOnline('erase this person')) erase.mutate(reason.trim());
      }}
      {...whileBusy(erase.isPending, close)}
      destroyOnHidden
    >
      <p>
        Erasing <strong>{name}</strong> ({user.email}) deletes their account, ends their sessions and erases their personal information everywhere Kāinga keeps it: homes, valuations, messages,
        partner profile and adverts. Partners keep a record of requests, marked “erased at the person’s request”, and charges keep their amounts. <strong>This cannot be undone.</strong>
      </p>
      <ErasureReasonField
        idBase={idBase}
        value={reason}
        onChange={(text) => {
          setReason(text);
          if (erase.isError) reset();
        }}
        error={error}
      />
    </Modal>
  );
}

/** "Erase" on a user's row (issue 50): for a person's erasure request. Not shown on the admin's own row. */
export function EraseUserButton({ user, onErased }: { user: User; onErased: () => void }) {
  const [open, setOpen] = useState(false);
  const button = useReturnFocus(open);
  const name = `${user.firstName} ${user.lastName}`;
  return (
    <>
      <Button ref={button} size="small" danger onClick={() => setOpen(true)} aria-label={`Erase ${name}`} aria-haspopup="dialog">
        Erase
      </Button>
      <EraseUserDialog
        user={user}
        open={open}
        onClose={() => setOpen(false)}
        onErased={() => {
          setOpen(false);
          onErased();
        }}
      />
    </>
  );
}
