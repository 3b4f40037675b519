import { PersonFields } from '../../forms/PersonFields';
import { useNetworkRequired } from '../../offline';
import { useState } from 'react';
import { oauthErrorMessage } from '../../auth/oauth-error';
import { Alert, Button, Divider, Form, Input, Segmented } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { AuthProviders, User } from '@kainga/contracts';
import { api, apiErrorIssues, apiErrorMessage, apiErrorStatus } from '../../api/client';
import { sanitizeReturnTo } from '../../auth/return-to';
import { userQueryKey, useUser } from '../../auth/user';
import { useHydrated } from '../../app/useHydrated';
import { usePageTitle } from '../../chrome/usePageTitle';
import {
  emailValidator,
  issuesToFields,
  newPasswordValidator,
  passwordValidator,
  rule,
} from '../../forms/validators';

type Mode = 'sign-in' | 'register';
type SignInValues = { email: string; password: string };
type RegisterValues = { firstName: string; lastName: string; email: string; password: string };

const signInFields = ['email', 'password'] as const;
const registerFields = ['firstName', 'lastName', 'email', 'password'] as const;

/** Message shown when the server gives none (network failure or an unexpected answer). */
function failureMessage(error: unknown, mode: Mode): string {
  if (apiErrorStatus(error) === null) return 'Could not reach Kāinga. Please check your connection and try again.';
  return apiErrorMessage(error, mode === 'sign-in' ? 'Sign in failed. Please try again.' : 'Could not create your account. Please try again.');
}

/**
 * /sign-in: where GET /api/login sends the browser (`/sign-in?returnTo=…`). Google and GitHub
 * buttons when the server offers them (GET /api/auth/providers); an email form always, to sign
 * in (POST /api/auth/login) or create an account (POST /api/auth/register). On success the user
 * query is refreshed and the browser goes to `returnTo` (same-origin paths only) or home.
 */
export default function SignInPage() {
  const [params] = useSearchParams();
  const returnTo = sanitizeReturnTo(params.get('returnTo'));
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'register' ? 'register' : 'sign-in');
  const { user } = useUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Prerendered (src/prerender): nothing is usable until the app has taken the page over.
  const hydrated = useHydrated();
  const [signInForm] = Form.useForm<SignInValues>();
  const [registerForm] = Form.useForm<RegisterValues>();
  const { ensureOnline } = useNetworkRequired();
  const [error, setError] = useState<string | null>(() => oauthErrorMessage(params.get('error'), params.get('provider')));
  usePageTitle(mode === 'sign-in' ? 'Sign In' : 'Create Account');

  const providers = useQuery<AuthProviders>({ queryKey: ['/api/auth/providers'] });

  const onSignedIn = (signedIn: User) => {
    queryClient.setQueryData(userQueryKey, signedIn);
    // Leave first, refresh after: a redirect that waited for the refetch would undo whatever the
    // person had already opened from the header (e.g. Profile Settings) in the meantime.
    navigate(returnTo, { replace: true });
    void queryClient.invalidateQueries({ queryKey: userQueryKey });
  };

  const signIn = useMutation({
    mutationFn: (values: SignInValues) => api.login({ email: values.email, password: values.password }),
    onSuccess: onSignedIn,
    onError: (e) => {
      setError(failureMessage(e, 'sign-in'));
      signInForm.setFields(issuesToFields(apiErrorIssues(e), signInFields));
    },
  });
  const register = useMutation({
    mutationFn: (values: RegisterValues) => api.register(values),
    onSuccess: onSignedIn,
    onError: (e) => {
      setError(failureMessage(e, 'register'));
      registerForm.setFields(issuesToFields(apiErrorIssues(e), registerFields));
    },
  });

  if (user && !signIn.isPending && !register.isPending) return <Navigate to={returnTo} replace />;

  const switchMode = (next: Mode) => {
    setMode(next);
    setError(null);
  };
  const busy = signIn.isPending || register.isPending;
  const oauth = providers.data && (providers.data.google || providers.data.github);

  return (
    <section className="container page narrow" aria-labelledby="sign-in-title">
      <div className="card auth-card" aria-disabled={hydrated ? undefined : true}>
        <h1 id="sign-in-title">{mode === 'sign-in' ? 'Sign in to Kāinga' : 'Create your Kāinga account'}</h1>
        <p className="muted">Free property assessments for New Zealand homes.</p>

        {oauth && (
          <div className="oauth-buttons">
            {providers.data?.google && (
              <Button block size="large" href="/api/login/google">
                Continue with Google
              </Button>
            )}
            {providers.data?.github && (
              <Button block size="large" href="/api/login/github">
                Continue with GitHub
              </Button>
            )}
            <Divider plain>or use your email</Divider>
          </div>
        )}

        <Segmented<Mode>
          block
          className="auth-mode"
          aria-label="Sign in or create an account"
          value={mode}
          onChange={switchMode}
          disabled={!hydrated}
          options={[
            { label: 'Sign in', value: 'sign-in' },
            { label: 'Create account', value: 'register' },
          ]}
        />

        {error && <Alert className="form-alert" type="error" showIcon role="alert" title={error} />}

        {mode === 'sign-in' ? (
          <Form<SignInValues>
            form={signInForm}
            name="sign-in"
            // Our messages, not the browser's own bubble on type="email" (which stops the submit first).
            noValidate
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => {
              setError(null);
              if (ensureOnline('sign in')) signIn.mutate(v);
            }}
            disabled={busy || !hydrated}
          >
            <Form.Item label="Email" name="email" rules={[rule(emailValidator)]}>
              <Input type="email" autoComplete="email" inputMode="email" />
            </Form.Item>
            <Form.Item label="Password" name="password" rules={[rule(passwordValidator)]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={signIn.isPending}>
              Sign In
            </Button>
          </Form>
        ) : (
          <Form<RegisterValues>
            form={registerForm}
            name="register"
            // Our messages, not the browser's own bubble on type="email" (which stops the submit first).
            noValidate
            layout="vertical"
            requiredMark={false}
            onFinish={(v) => {
              setError(null);
              if (ensureOnline('create your account')) register.mutate(v);
            }}
            disabled={busy || !hydrated}
          >
            <PersonFields />
            <Form.Item
              label="Password"
              name="password"
              extra="At least 8 characters."
              rules={[rule(newPasswordValidator)]}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block size="large" loading={register.isPending}>
              Create Account
            </Button>
          </Form>
        )}
      </div>
    </section>
  );
}
