import { Button } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { User } from '@kainga/contracts';
import { exportReasonProblem } from '@kainga/contracts/browser';
import { apiErrorMessage, throwIfNotOk } from '../../api/client';
import { useToast } from '../../chrome/ToastProvider';
import { ReasonModal } from '../../forms/ReasonModal';
import { useNetworkRequired } from '../../offline';
import { useReturnFocus } from '../../forms/use-return-focus';

export const adminExportUrl = (userId: string, reason: string) => `/api/admin/users/${encodeURIComponent(userId)}/export?reason=${encodeURIComponent(reason)}`;

/**
 * Fetches the archive and hands it to the browser as a download. Fetched rather than linked, so
 * a refusal (a reason the server will not take, a person who is gone) shows as a message here
 * instead of an error page, and the dialog's button shows the export is being prepared.
 */
async function downloadExport(userId: string, reason: string): Promise<string> {
  const res = await fetch(adminExportUrl(userId, reason), { credentials: 'include' });
  await throwIfNotOk(res);
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'kainga-data.zip';
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to have taken the file.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return name;
}

/** "Export Data" on a user's row: a dialog asks for the reason (recorded in the history), then the zip downloads. */
export function UserExportButton({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const button = useReturnFocus(open);
  const close = () => setOpen(false);
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const name = `${user.firstName} ${user.lastName}`;
  const exportData = useMutation({
    mutationFn: (reason: string) => downloadExport(user.id, reason),
    onSuccess: (file) => {
      close();
      toast({ variant: 'success', title: 'Data Exported', description: `${name}'s data was downloaded as ${file}. The export is recorded in the history.` });
    },
    onError: (error) => toast({ variant: 'error', title: 'Export Failed', description: apiErrorMessage(error, 'The data could not be exported. Please try again.') }),
  });
  return (
    <>
      <Button ref={button} size="small" onClick={() => setOpen(true)} aria-label={`Export Data of ${name}`} aria-haspopup="dialog">
        Export Data
      </Button>
      {open && (
        <ReasonModal
          id={`export-reason-${user.id}`}
          title={`Export ${name}'s data`}
          intro="Download everything Kāinga holds about this person, as they would get it from their profile. Say why (for example, their access request): the reason is recorded in the history."
          label="Reason for the export"
          okText="Export Data"
          problemOf={exportReasonProblem}
          busy={exportData.isPending}
          onConfirm={(reason) => {
            if (ensureOnline('export this person’s data')) exportData.mutate(reason);
          }}
          onCancel={close}
        />
      )}
    </>
  );
}
