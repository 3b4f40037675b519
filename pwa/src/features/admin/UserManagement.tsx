import { Button, Card, Checkbox, Space, Tag } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { RoleName, User } from '@kainga/contracts';
import { roleLabels, roleNames } from '@kainga/contracts/browser';
import { apiErrorMessage, apiJson } from '../../api/client';
import { userQueryKey, useUser } from '../../auth/user';
import { useToast } from '../../chrome/ToastProvider';
import { useNetworkRequired } from '../../offline';
import { USERS_PAGE_SIZE, type ListPage } from './admin-list';
import { adminUsersKey, useAdminUsers } from './admin-queries';
import { PagedSearchTable } from './PagedSearchTable';
import { UserExportButton } from './UserExportButton';
import { EraseUserButton } from './EraseUserButton';
import { EraseVisitorButton } from './EraseVisitorButton';
import type { StackedColumn } from './ResponsiveTable';
import { roleSaveBlock } from './role-edit';
import { HistoryLink } from './history/HistoryLink';
import { userStream } from './history/history-streams';
import { useListState } from './useListState';

const tagClass = (r: RoleName) => (r === 'admin' ? 'tag-admin' : r === 'general' ? 'tag-general' : 'tag-partner');

function RoleBadges({ roles }: { roles: readonly RoleName[] }) {
  return (
    <span className="role-badges">
      {roles.map((r) => (
        <Tag key={r} className={tagClass(r)}>
          {roleLabels[r]}
        </Tag>
      ))}
    </span>
  );
}

/** PATCH /api/admin/users/{id}/roles; the pages shown and, for the admin's own account, the header follow. */
function useChangeRoles(onDone: () => void) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { user: me } = useUser();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: RoleName[] }) => apiJson<User>('PATCH', `/api/admin/users/${encodeURIComponent(id)}/roles`, { roles }),
    onSuccess: async (updated) => {
      // The page shown changes at once; every cached page is then asked again in the background.
      queryClient.setQueriesData<ListPage<User>>({ queryKey: adminUsersKey }, (page) =>
        page ? { ...page, items: page.items.map((u) => (u.id === updated.id ? updated : u)) } : page,
      );
      onDone();
      toast({ variant: 'success', title: 'Roles Updated', description: `${updated.firstName} ${updated.lastName}'s roles have been saved.` });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersKey }),
        updated.id === me?.id ? queryClient.invalidateQueries({ queryKey: userQueryKey }) : null,
      ]);
    },
    onError: (error) => toast({ variant: 'error', title: 'Update Failed', description: apiErrorMessage(error, 'Failed to update the roles.') }),
  });
}

/**
 * User Management (partner/admin spec "/admin"): users with name, email and role badges, a page
 * at a time from the server (X-Total-Count), searchable by name or email. Edit Roles shows
 * checkboxes with Save and Cancel; Save waits for a change, and at least one role must stay
 * selected. On a phone each user is a card with Edit Roles in reach (ResponsiveTable). Erase
 * (EraseUserButton.tsx) is on every row but the admin's own.
 */
export function UserManagement() {
  const { params, setPage, setSearch } = useListState(USERS_PAGE_SIZE);
  const users = useAdminUsers(params);
  const [editing, setEditing] = useState<{ id: string; roles: RoleName[]; current: readonly RoleName[] } | null>(null);
  const change = useChangeRoles(() => setEditing(null));
  const { ensureOnline } = useNetworkRequired();
  const { user: me } = useUser();
  const section = useRef<HTMLDivElement>(null);
  // An erased person's row (and its buttons) goes: focus moves to the list's search box, not the page's start.
  const focusSearch = () => section.current?.querySelector<HTMLInputElement>('input[type="search"]')?.focus();
  // Focus follows the edit: into its first checkbox when it opens (the Edit Roles button is gone),
  // back to that user's Edit Roles when it closes, so a keyboard user never lands on the page's start.
  const lastEdited = useRef<string | null>(null);
  useEffect(() => {
    const root = section.current;
    if (!root) return;
    if (editing) {
      if (lastEdited.current !== editing.id) root.querySelector<HTMLInputElement>(`[data-roles-of="${CSS.escape(editing.id)}"] input`)?.focus();
      lastEdited.current = editing.id;
    } else if (lastEdited.current) {
      root.querySelector<HTMLButtonElement>(`[data-edit-roles="${CSS.escape(lastEdited.current)}"]`)?.focus();
      lastEdited.current = null;
    }
  }, [editing]);

  const columns: StackedColumn<User>[] = [
    { key: 'name', title: 'Name', stacked: 'heading', render: (_, u) => `${u.firstName} ${u.lastName}` },
    { key: 'email', title: 'Email', dataIndex: 'email' },
    {
      key: 'roles',
      title: 'Roles',
      render: (_, u) =>
        editing?.id === u.id ? (
          <div data-roles-of={u.id}>
            <Checkbox.Group
              aria-label={`Roles of ${u.firstName} ${u.lastName}`}
              value={editing.roles}
              onChange={(roles) => setEditing({ ...editing, roles: roles as RoleName[] })}
              options={roleNames.map((r) => ({ label: roleLabels[r], value: r }))}
            />
            {editing.roles.length === 0 && (
              <div className="field-error" role="alert">
                Select at least one role
              </div>
            )}
          </div>
        ) : (
          <RoleBadges roles={u.roles} />
        ),
    },
    {
      key: 'actions',
      title: <span className="visually-hidden">Actions</span>,
      align: 'right',
      stacked: 'actions',
      render: (_, u) =>
        editing?.id === u.id ? (
          <Space>
            <Button
              type="primary"
              size="small"
              loading={change.isPending}
              disabled={roleSaveBlock(editing.roles, editing.current, change.isPending) !== null}
              onClick={() => {
                if (ensureOnline('change roles')) change.mutate({ id: editing.id, roles: editing.roles });
              }}
            >
              Save
            </Button>
            <Button size="small" onClick={() => setEditing(null)} disabled={change.isPending}>
              Cancel
            </Button>
          </Space>
        ) : (
          <Space>
            <HistoryLink stream={userStream(u.id)} name={`${u.firstName} ${u.lastName}`} />
            <Button size="small" data-edit-roles={u.id} onClick={() => setEditing({ id: u.id, roles: [...u.roles], current: u.roles })} aria-label={`Edit Roles of ${u.firstName} ${u.lastName}`}>
              Edit Roles
            </Button>
            <UserExportButton user={u} />
            {u.id !== me?.id && <EraseUserButton user={u} onErased={focusSearch} />}
          </Space>
        ),
    },
  ];

  return (
    <Card id="user-management" title={<h2 className="card-title">User Management</h2>} extra={<EraseVisitorButton />} className="admin-section" ref={section}>
      <PagedSearchTable<User>
        noun={{ one: 'user', many: 'users' }}
        searchHint="name or email"
        query={users}
        params={params}
        columns={columns}
        onSearch={setSearch}
        showTotal
        onPage={(page) => {
          setEditing(null);
          setPage(page);
        }}
      />
    </Card>
  );
}
