import { Button, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { erasureReasonProblem } from '@kainga/contracts/browser';
import { apiErrorMessage, apiRequest } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { useReturnFocus } from '../../forms/use-return-focus';
import { whileBusy } from '../../forms/while-busy';
import { useNetworkRequired } from '../../offline';
import { ErasureReasonField } from './ErasureReasonField';

const ID = 'erase-visitor';
// The server checks the address (zod's email); here only enough to enable the button.
const looksLikeEmail = (email: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());

/**
 * The dialog: a signed-out visitor's erasure (issue 50), for someone without an account who wrote
 * to partners and asks to be erased. They are named by the email address they wrote from; the
 * reason names the request. Its errors (no requests from the address, an account's address) stay in it.
 */
function EraseVisitorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const erase = useMutation({
    mutationFn: (body: { email: string; reason: string }) => apiRequest('POST', '/api/admin/visitors/erase', body),
    onSuccess: () => {
      close();
      toast({ variant: 'success', title: 'Visitor Erased', description: 'Their requests to partners no longer hold their name, contact details or words. The erasure is recorded in the history.' });
    },
  });
  const reset = erase.reset;
  // Each opening starts empty.
  const close = () => {
    setEmail('');
    setReason('');
    reset();
    onClose();
  };
  const ready = looksLikeEmail(email) && erasureReasonProblem(reason) === null;
  const error = erase.isError ? apiErrorMessage(erase.error, 'The visitor could not be erased. Please try again.') : null;
  const edited = () => {
    if (erase.isError) reset();
  };
  return (
    <Modal
      open={open}
      title="Erase a visitor without an account?"
      okText="Erase"
      cancelText="Cancel"
      okButtonProps={{ danger: true, disabled: !ready, loading: erase.isPending }}
      onOk={() => {
        if (ready && ensureOnline('erase this visitor')) erase.mutate({ email: email.trim(), reason: reason.trim() });
      }}
      {...whileBusy(erase.isPending, close)}
      destroyOnHidden
    >
      <p>
        For someone who wrote to partners while signed out and asks to be erased. Their name, email, phone and messages are erased from every request they sent from this address; partners
        keep each request, marked “erased at the person’s request”. For an account, use Erase on its row instead. <strong>This cannot be undone.</strong>
      </p>
      <label htmlFor={`${ID}-email`}>Email address they wrote from</label>
      <Input
        id={`${ID}-email`}
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          edited();
        }}
        aria-invalid={error !== null}
        aria-describedby={error ? `${ID}-error` : undefined}
      />
      <ErasureReasonField
        idBase={ID}
        value={reason}
        onChange={(text) => {
          setReason(text);
          edited();
        }}
        error={error}
      />
    </Modal>
  );
}

/** "Erase a visitor…" above the users list: a person's erasure request when they have no account. */
export function EraseVisitorButton() {
  const [open, setOpen] = useState(false);
  const button = useReturnFocus(open);
  return (
    <>
      <Button ref={button} danger onClick={() => setOpen(true)} aria-haspopup="dialog">
        Erase a visitor…
      </Button>
      <EraseVisitorDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
