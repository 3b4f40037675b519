import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { User } from '@kainga/contracts';
import { apiErrorIssues, apiErrorMessage, apiErrorStatus, apiJson } from '../../api/client';
import { userQueryKey } from '../../auth/user';
import { usePageTitle } from '../../chrome/usePageTitle';
import { issuesToFields, newPasswordValidator, rule } from '../../forms/validators';
import { useNetworkRequired } from '../../offline';
import { confirmMessage, INVALID_LINK_MESSAGE, INVITATION_URL, invitationQueryKey, invitationToken, type InvitationView } from './invitation';

type PasswordValues = { password: string; confirm: string };

function LinkProblem({ message }: { message: string }) {
  return (
    <section className="container page narrow center" aria-labelledby="set-password-title">
      <h1 id="set-password-title">Set Your Password</h1>
      <Alert type="error" showIcon title={message} />
    </section>
  );
}

function PasswordForm({ token, invitation }: { token: string; invitation: InvitationView }) {
  const [form] = Form.useForm<PasswordValues>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { ensureOnline } = useNetworkRequired();
  const [error, setError] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: (values: PasswordValues) => apiJson<User>('POST', INVITATION_URL, { token, password: values.password }),
    onSuccess: async (user) => {
      queryClient.setQueryData(userQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      navigate('/partner-dashboard', { replace: true });
    },
    onError: (e) => {
      form.setFields(issuesToFields(apiErrorIssues(e), ['password'] as const));
      setError(
        apiErrorStatus(e) === null
          ? 'Could not reach Kāinga. Please check your connection and try again.'
          : apiErrorMessage(e, 'Could not set your password. Please try again.'),
      );
    },
  });
  return (
    <div className="card auth-card">
      <h1 id="set-password-title">Set Your Password</h1>
      <p className="muted">
        Welcome, {invitation.firstName} {invitation.lastName}. Choose a password for <strong>{invitation.email}</strong> to
        open your partner account.
      </p>
      {error && <Alert type="error" showIcon className="form-alert" title={error} />}
      <Form<PasswordValues>
        form={form}
        name="set-password"
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => {
          setError(null);
          if (ensureOnline('set your password')) accept.mutate(values);
        }}
      >
        {/* The account's email, for password managers. */}
        <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
        <Form.Item label="Password" name="password" extra="At least 8 characters." rules={[rule(newPasswordValidator)]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={['password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule: unknown, value: unknown) => {
                const message = confirmMessage(getFieldValue('password'), value);
                if (message) throw new Error(message);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={accept.isPending}>
          Set Password
        </Button>
      </Form>
    </div>
  );
}

/**
 * /set-password?token=… : the invited partner names a password (same rules as registration) and
 * is signed in, then goes to the partner dashboard. A bad or used link shows the server's message.
 */
export default function SetPasswordPage() {
  usePageTitle('Set Your Password');
  const [params] = useSearchParams();
  const token = invitationToken(params);
  const invitation = useQuery<InvitationView>({
    queryKey: invitationQueryKey(token ?? ''),
    enabled: token !== null,
    // The link is good once: never kept for later visits.
    gcTime: 0,
  });

  if (token === null) return <LinkProblem message={INVALID_LINK_MESSAGE} />;
  if (invitation.isPending) {
    return (
      <section className="container page narrow" aria-busy="true" aria-label="Loading your invitation">
        <Skeleton active title paragraph={{ rows: 4 }} />
      </section>
    );
  }
  if (invitation.isError) {
    const unreachable = apiErrorStatus(invitation.error) === null;
    return <LinkProblem message={unreachable ? 'Could not reach Kāinga. Please check your connection and try again.' : apiErrorMessage(invitation.error, INVALID_LINK_MESSAGE)} />;
  }
  return (
    <section className="container page narrow" aria-labelledby="set-password-title">
      <PasswordForm token={token} invitation={invitation.data} />
    </section>
  );
}
