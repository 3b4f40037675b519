import { Button, Card, Input, Modal } from 'antd';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthProviders } from '@kainga/contracts';
import { apiErrorMessage, apiErrorStatus, apiRequest } from '../../api/client';
import { useActivePartnerRole } from '../../auth/ActivePartnerRoleProvider';
import { userQueryKey, useUser } from '../../auth/user';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import { OWN_EXPORT_URL } from './DataExportCard';
import { useReturnFocus } from '../../forms/use-return-focus';

export const ACCOUNT_DELETED = 'Your account has been deleted and your personal information erased.';

const FORM_ID = 'delete-account-form';
const ERROR_ID = 'delete-account-error';

/**
 * After DELETE /api/profile the server has ended the session and cleared the signed-in hint
 * cookie; the app forgets what it held as sign-out's fresh start does: every cached answer goes,
 * the user becomes "signed out" (null), which private-cache.ts sees and so wipes the kept user
 * record, the personal cache and the personal store, and the chosen partner role is dropped.
 */
function useForgetSignedInPerson() {
  const queryClient = useQueryClient();
  const { setActiveRole } = useActivePartnerRole();
  return () => {
    const userHash = hashKey(userQueryKey);
    queryClient.removeQueries({ predicate: (q) => q.queryHash !== userHash });
    queryClient.setQueryData(userQueryKey, null);
    setActiveRole(null);
  };
}

/** "Sign in again" with each provider the server offers, back to this page to finish. */
function SignInAgainLinks() {
  const providers = useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
  const returnTo = `?returnTo=${encodeURIComponent('/profile')}`;
  return (
    <span className="delete-account-sign-in">
      {providers.data?.google && <a href={`/api/login/google${returnTo}`}>Sign in again with Google</a>}
      {providers.data?.github && <a href={`/api/login/github${returnTo}`}>Sign in again with GitHub</a>}
    </span>
  );
}

/**
 * Whether the account has a password (GET /api/auth/user says), or 'checking' while it is asked:
 * sign-in and a profile change keep the user record their own call answers, which does not say,
 * so the dialog asks the server when it opens. If no answer comes, the password is asked for
 * and the server's refusal says what it needs instead.
 */
function useAccountHasPassword(open: boolean): boolean | 'checking' {
  const { hasPassword } = useUser();
  const queryClient = useQueryClient();
  const [unanswered, setUnanswered] = useState(false);
  useEffect(() => {
    if (!open || hasPassword !== null) return;
    let current = true;
    const done = () => {
      if (current) setUnanswered(true);
    };
    queryClient.refetchQueries({ queryKey: userQueryKey }, { throwOnError: true }).then(done, done);
    return () => {
      current = false;
    };
  }, [open, hasPassword, queryClient]);
  if (hasPassword !== null) return hasPassword;
  return unanswered ? true : 'checking';
}

/**
 * The confirmation: the password proves the owner is at the keyboard. An account made with
 * Google or GitHub has none; the server then asks for a sign-in of the last 10 minutes, and its
 * refusal (403) links to signing in again.
 */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const hasPassword = useAccountHasPassword(open);
  const { ensureOnline } = useNetworkRequired();
  const forget = useForgetSignedInPerson();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const remove = useMutation({
    mutationFn: (body: { password: string } | undefined) => apiRequest('DELETE', '/api/profile', body),
    onSuccess: () => {
      forget();
      navigate('/', { replace: true });
      // A status toast: screen readers announce it on the home page.
      toast({ variant: 'success', title: 'Account Deleted', description: ACCOUNT_DELETED, duration: 10_000 });
    },
    // Sent without a password, but the account has one now (set since the user was read): the
    // server asks for it, and the user record read again brings the password box.
    onError: (error, body) => {
      if (body === undefined && apiErrorStatus(error) === 400) void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
  const reset = remove.reset;
  // Each opening starts empty.
  const close = () => {
    setPassword('');
    reset();
    onClose();
  };

  const withPassword = hasPassword === true;
  const ready = hasPassword === 'checking' ? false : withPassword ? password.length > 0 : true;
  const error = remove.isError ? apiErrorMessage(remove.error, 'Your account could not be deleted. Please try again.') : null;
  // Without a password, a 403 is the server asking for a fresh Google or GitHub sign-in.
  const needsFreshSignIn = !withPassword && remove.isError && apiErrorStatus(remove.error) === 403;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || remove.isPending || !ensureOnline('delete your account')) return;
    remove.mutate(withPassword ? { password } : undefined);
  };

  return (
    <Modal
      open={open}
      title="Delete your account?"
      onCancel={() => {
        if (!remove.isPending) close();
      }}
      closable={!remove.isPending}
      mask={{ closable: !remove.isPending }}
      keyboard={!remove.isPending}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={close} disabled={remove.isPending}>
          Cancel
        </Button>,
        <Button key="delete" type="primary" danger htmlType="submit" form={FORM_ID} disabled={!ready} loading={remove.isPending}>
          Delete account
        </Button>,
      ]}
    >
      <form id={FORM_ID} onSubmit={submit} noValidate>
        <p>This erases your account and your personal information for good. It cannot be undone.</p>
        {hasPassword === 'checking' && <p role="status">Checking how you sign in…</p>}
        {hasPassword === true && (
          <>
            <label htmlFor="delete-account-password">Your password</label>
            <Input.Password
              id="delete-account-password"
              autoComplete="current-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (remove.isError) reset();
              }}
              aria-invalid={error !== null}
              aria-describedby={error ? ERROR_ID : undefined}
            />
          </>
        )}
        {hasPassword === false && (
          <p className="delete-account-no-password">
            Your account has no Kāinga password: you sign in with Google or GitHub. To check that it is you, your account can be deleted
            only within 10 minutes of signing in. If it has been longer, you will be asked to sign in again first.
          </p>
        )}
        {error && (
          <div id={ERROR_ID} className="delete-account-error" role="alert">
            {error} {needsFreshSignIn && <SignInAgainLinks />}
          </div>
        )}
      </form>
    </Modal>
  );
}

/** "Delete my account" on /profile (issue 50): what it erases, what stays, and the way to do it. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const { ensureOnline } = useNetworkRequired();
  const button = useReturnFocus(open);
  return (
    <Card className="profile-delete" title={<h2 className="card-title">Delete my account</h2>}>
      <div id="delete-account-what">
        <p>Deleting your account erases your personal information from Kāinga:</p>
        <ul>
          <li>your account, your homes and their valuations, your messages to partners and, if you are a partner, your partner profile;</li>
          <li>partners you contacted keep a record that a request was made, marked “erased at the person’s request”, without your details;</li>
          <li>amounts you were charged stay in the accounts, without your details.</li>
        </ul>
        <p>
          <strong>This cannot be undone.</strong> You may want to <a
            href={OWN_EXPORT_URL}
            download
            onClick={(e) => {
              if (!ensureOnline('download your data')) e.preventDefault();
            }}
          >
            download a copy of your data
          </a> first.
        </p>
      </div>
      <Button ref={button} danger onClick={() => setOpen(true)} aria-haspopup="dialog" aria-describedby="delete-account-what">
        Delete my account
      </Button>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
