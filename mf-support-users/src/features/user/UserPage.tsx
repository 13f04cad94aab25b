import * as endpoints from '@backoffice/shared/endpoints';
import { useCan, useHost } from '@backoffice/shared/host';
import { HistoryLink, PageHeader, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BlockUserDialog } from '../../components/BlockUserDialog.tsx';
import { useFailureToast } from '../../components/useFailureToast.ts';
import { useUnblock } from '../../components/useUnblock.ts';
import { failureText, isNotFound, USER_FALLBACKS } from '../../data/messages.ts';
import { MoneyFigures } from './MoneyFigures.tsx';
import { Profile } from './Profile.tsx';
import { RecentSections } from './RecentSections.tsx';

const crumbs = [
  { label: 'Dashboard', to: '/' },
  { label: 'Users', to: '/users' },
];

/** /users/{id}: everything about one user on one page (the spec leaves this screen open). */
export default function UserPage() {
  const { id = '' } = useParams();
  const { http } = useHost();
  // Block and Unblock are support-users:write: a read-only admin sees only Refresh.
  const canWrite = useCan('support-users:write');
  const [blocking, setBlocking] = useState(false);
  const detail = useLoad(
    (signal) =>
      http.call(endpoints.userDetails, { params: { id } }, { signal }).then((answer) => answer.data),
    [http, id],
  );
  const message = detail.error ? failureText(detail.error, USER_FALLBACKS.detail) : null;
  // A missing user is the page's own not-found state: no toast on top (the action that found it toasts).
  useFailureToast(detail.loading, isNotFound(detail.error) ? null : message);
  const { unblock, busyId } = useUnblock(detail.reload);
  const data = detail.data;

  // An unknown or deleted user (also one deleted while the page was open): retrying cannot help.
  if (isNotFound(detail.error) && !detail.loading) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        <Card>
          <Result
            status="404"
            title="User not found"
            subTitle={`There is no user #${id}: it may have been deleted.`}
            extra={
              <Link className="su-link" to="/users">
                Back to Users
              </Link>
            }
          />
        </Card>
      </div>
    );
  }

  if (!data || String(data.user.id) !== id) {
    return (
      <div className="su-page">
        <PageHeader title="User" breadcrumb={[...crumbs, { label: `#${id}` }]} />
        {message && !detail.loading ? (
          <Alert
            type="error"
            showIcon
            role="alert"
            title="Error Loading User"
            description={message}
            action={<Button onClick={detail.reload}>Retry</Button>}
          />
        ) : (
          <Card>
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        )}
      </div>
    );
  }

  const { user } = data;
  return (
    <div className="su-page">
      <PageHeader
        title={user.name || user.username}
        subtitle={`@${user.username}`}
        breadcrumb={[...crumbs, { label: user.username }]}
        actions={
          <>
            <HistoryLink type="user" id={user.id} />
            <Button onClick={detail.reload} loading={detail.loading}>
              Refresh
            </Button>
            {canWrite &&
              (user.status === 'blocked' ? (
                <Button
                  key="unblock"
                  type="primary"
                  loading={busyId === user.id}
                  onClick={() => unblock(user.id)}
                >
                  Unblock
                </Button>
              ) : (
                <Button key="block" type="primary" danger onClick={() => setBlocking(true)}>
                  Block
                </Button>
              ))}
          </>
        }
      />
      {message && (
        <Alert
          type="error"
          showIcon
          role="alert"
          title="Error Loading User"
          description={message}
          action={<Button onClick={detail.reload}>Retry</Button>}
        />
      )}
      <div className="su-user-top">
        <Profile user={user} />
        <MoneyFigures data={data} />
      </div>
      <RecentSections data={data} />
      {blocking && (
        <BlockUserDialog
          user={user}
          onClose={() => setBlocking(false)}
          onDone={() => {
            setBlocking(false);
            detail.reload();
          }}
        />
      )}
    </div>
  );
}
