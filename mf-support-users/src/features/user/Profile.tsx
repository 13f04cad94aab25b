import type { UserProfile } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { StatusTag } from '@backoffice/shared/ui';
import { Card, Descriptions, Tag } from 'antd';

/** The user's profile card: who they are, their status and, when blocked, why. */
export function Profile({ user }: { user: UserProfile }) {
  const items = [
    { key: 'id', label: 'ID', children: user.id },
    { key: 'name', label: 'Name', children: user.name || <span className="su-muted">Not set</span> },
    { key: 'username', label: 'Username', children: user.username },
    {
      key: 'email',
      label: 'Email',
      children: (
        <span>
          <span className="su-break">{user.email}</span>{' '}
          <Tag color={user.email_verified ? 'green' : 'default'}>
            {user.email_verified ? 'verified' : 'unverified'}
          </Tag>
        </span>
      ),
    },
    { key: 'role', label: 'Role', children: <Tag color="purple">{user.role}</Tag> },
    { key: 'status', label: 'Status', children: <StatusTag kind="user" status={user.status} /> },
    {
      key: 'last_login',
      label: 'Last login',
      children: user.last_login ? formatDateTime(user.last_login) : 'Never',
    },
    { key: 'joined', label: 'Joined', children: formatDateTime(user.createdAt) },
  ];
  if (user.status === 'blocked')
    items.push({
      key: 'block_reason',
      label: 'Block reason',
      children: user.block_reason || <span className="su-muted">None given</span>,
    });
  return (
    <section className="su-profile" aria-label="Profile">
      <Card size="small" title={<h2 className="su-card-title">Profile</h2>}>
        <Descriptions size="small" column={1} bordered items={items} />
      </Card>
    </section>
  );
}
