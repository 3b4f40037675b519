import { PersonFields } from '../../forms/PersonFields';
import { useNetworkRequired } from '../../offline';
import { Button, Card, Descriptions, Form, Skeleton, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@kainga/contracts';
import { isPartner, profileRoleLabels } from '@kainga/contracts/browser';
import { api, apiErrorIssues, apiErrorMessage } from '../../api/client';
import { userQueryKey, useUser } from '../../auth/user';
import { SignInRequired } from '../../chrome/SignInRequired';
import { useToast } from '../../chrome/ToastProvider';
import { usePageTitle } from '../../chrome/usePageTitle';
import { issuesToFields } from '../../forms/validators';
import { useMyRoles } from '../partner-apply/partner-queries';
import { formatDateNZ } from '../../format/format';
import { partnerIdsByRole } from './partner-ids';
import { DataExportCard } from './DataExportCard';
import { DeleteAccountCard } from './DeleteAccountCard';

type ProfileValues = { firstName: string; lastName: string; email: string };
const profileFields = ['firstName', 'lastName', 'email'] as const;

function ProfileForm({ user }: { user: User }) {
  const [form] = Form.useForm<ProfileValues>();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { ensureOnline } = useNetworkRequired();
  const update = useMutation({
    mutationFn: (values: ProfileValues) => api.updateProfile(values),
    onSuccess: async (updated) => {
      queryClient.setQueryData(userQueryKey, updated);
      await queryClient.invalidateQueries({ queryKey: userQueryKey });
      form.setFieldsValue({ firstName: updated.firstName, lastName: updated.lastName, email: updated.email });
      toast({ variant: 'success', title: 'Profile Updated', description: 'Your profile information has been saved.' });
    },
    onError: (error) => {
      form.setFields(issuesToFields(apiErrorIssues(error), profileFields));
      toast({ variant: 'error', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update profile information.') });
    },
  });
  return (
    <Form<ProfileValues>
      form={form}
      name="profile"
      // Our messages, not the browser's own bubble on type="email" (which stops the submit first).
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={{ firstName: user.firstName, lastName: user.lastName, email: user.email }}
      onFinish={(values) => {
        if (ensureOnline('update your profile')) update.mutate(values);
      }}
    >
      <PersonFields />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save Changes
      </Button>
    </Form>
  );
}

/** The partner id lines, one per partner role (GET /api/my-roles; asked only for partners). */
function usePartnerIdItems(user: User) {
  const partner = isPartner(user.roles);
  const myRoles = useMyRoles(partner);
  if (!partner) return [];
  if (myRoles.isPending) return [{ key: 'partner-id', label: 'Partner ID', children: <Skeleton.Input active size="small" aria-label="Loading the partner ID" /> }];
  if (myRoles.isError) return [{ key: 'partner-id', label: 'Partner ID', children: <span className="muted">Could not be loaded</span> }];
  return partnerIdsByRole(myRoles.data).map((p) => ({ key: `partner-id-${p.roleId}`, label: p.label, children: <code>{p.partnerId}</code> }));
}

function AccountDetails({ user }: { user: User }) {
  const roles = user.roles.length > 0 ? user.roles : (['general'] as const);
  const partnerIdItems = usePartnerIdItems(user);
  const items = [
    { key: 'email', label: 'Email', children: user.email },
    { key: 'since', label: 'Member since', children: formatDateNZ(user.createdAt) },
    {
      key: 'roles',
      label: 'Roles',
      children: (
        <span className="role-badges">
          {roles.map((r) => (
            <Tag key={r} className={r === 'admin' ? 'tag-admin' : r === 'general' ? 'tag-general' : 'tag-partner'}>
              {profileRoleLabels[r]}
            </Tag>
          ))}
        </span>
      ),
    },
    ...partnerIdItems,
  ];
  return <Descriptions column={1} items={items} />;
}

/** /profile (partner/admin spec "/profile"): edit names and email; read-only account details. */
export default function ProfilePage() {
  const { user, isLoading } = useUser();
  usePageTitle('Profile Settings');

  if (isLoading) {
    return (
      <section className="container page" aria-busy="true" aria-label="Loading profile">
        <Skeleton active title paragraph={{ rows: 6 }} />
      </section>
    );
  }
  if (!user) return <SignInRequired returnTo="/profile" what="view your profile" title="Access Denied" />;
  return (
    <section className="container page" aria-labelledby="profile-title">
      <h1 id="profile-title">Profile Settings</h1>
      <p className="muted">Manage your personal information and account details.</p>
      <div className="profile-grid">
        <Card title={<h2 className="card-title">Personal Information</h2>}>
          <ProfileForm key={user.id} user={user} />
        </Card>
        <Card title={<h2 className="card-title">Account Details</h2>}>
          <AccountDetails user={user} />
        </Card>
      </div>
      <DataExportCard />
      <DeleteAccountCard />
    </section>
  );
}
