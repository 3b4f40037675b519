import { Button, Card, Checkbox, Input, Modal } from 'antd';
import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { AuthProviders } from '@kainga/contracts';
import { apiErrorMessage, apiErrorStatus, apiRequest } from '../../api/client';
import { useActivePartnerRole } from '../../auth/ActivePartnerRoleProvider';
import { userQueryKey } from '../../auth/user';
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
 * The confirmation: the password proves the owner is at the keyboard. An account made with Google
 * or GitHub has none (GET /api/auth/user does not say which kind this is), so, when the server
 * offers those sign-ins, a tick says so and the server asks instead for a sign-in of the last
 * 10 minutes; its refusal then links to signing in again.
 */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [noPassword, setNoPassword] = useState(false);
  const providers = useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });
  const oauthOffered = !!(providers.data?.google || providers.data?.github);
  const { ensureOnline } = useNetworkRequired();
  const forget = useForgetSignedInPerson();
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
    // Ticked "no password" on an account that has one: the server asks for it, so the box is offered again.
    onError: (error, body) => {
      if (body === undefined && apiErrorStatus(error) === 400) setNoPassword(false);
    },
  });
  const reset = remove.reset;
  // Each opening starts empty.
  const close = () => {
    setPassword('');
    setNoPassword(false);
    reset();
    onClose();
  };

  const withPassword = !noPassword;
  const ready = withPassword ? password.length > 0 : true;
  const error = remove.isError ? apiErrorMessage(remove.error, 'Your account could not be deleted. Please try again.') : null;
  // Without a password, a 403 is the server asking for a fresh Google or GitHub sign-in.
  const needsFreshSignIn = noPassword && remove.isError && apiErrorStatus(remove.error) === 403;
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
        <label htmlFor="delete-account-password">Your password</label>
        <Input.Password
          id="delete-account-password"
          autoComplete="current-password"
          autoFocus
          disabled={noPassword}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (remove.isError) reset();
          }}
          aria-invalid={withPassword && error !== null}
          aria-describedby={error ? ERROR_ID : undefined}
        />
        {oauthOffered && (
          <Checkbox
            className="delete-account-no-password"
            checked={noPassword}
            onChange={(e) => {
              setNoPassword(e.target.checked);
              if (e.target.checked) setPassword('');
              reset();
            }}
          >
            I have no Kāinga password: I sign in with Google or GitHub
          </Checkbox>
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
