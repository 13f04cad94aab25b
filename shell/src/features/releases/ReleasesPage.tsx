import type { ReleaseTarget } from '@backoffice/shared/contract';
import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage } from '@backoffice/shared/host';
import { rolesGrant } from '@backoffice/shared/permissions';
import { PageHeader, useLoad } from '@backoffice/shared/ui';
import { Alert, Button, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';
import { useAuth } from '../../auth/store.ts';
import { http } from '../../http/services.ts';
import { ChangeDialog, type PendingChange } from './ChangeDialog.tsx';
import { autoRollbackText, PARTS } from './labels.ts';
import { OperatorTokens } from './OperatorTokens.tsx';
import { PartCard } from './PartCard.tsx';
import { useStartPreview } from './preview.ts';
import './releases.css';

export const RELEASES_TITLE = 'Releases';

/**
 * /releases (docs/operations.md#releases, ops and superadmin): what each part of the console runs, and every
 * change of it.
 */
export default function ReleasesPage() {
  const releases = useLoad((signal) => http.call(endpoints.releasesList, {}, { signal }), []);
  const [change, setChange] = useState<PendingChange | null>(null);
  const startPreview = useStartPreview();
  const superadmin = useAuth((state) => rolesGrant(state.user?.roles ?? [], 'admins:manage'));
  const data = releases.data?.data;

  const actionsOf = (part: ReleaseTarget, live: string | null) => ({
    promote: (version: { version: string }) =>
      setChange({ part, action: 'promote', from: live, to: version.version }),
    cohort: (version: { version: string }) =>
      setChange({ part, action: 'cohort', from: live, to: version.version }),
    preview: (version: { version: string; entry: string; integrity: Record<string, string> }) => {
      if (part !== 'shell')
        startPreview(part, { version: version.version, entry: version.entry, integrity: version.integrity });
    },
  });

  let body: ReactNode;
  if (releases.error && !data) {
    body = (
      <Alert
        type="error"
        role="alert"
        showIcon
        title="Error Loading Releases"
        description={errorMessage(releases.error, 'Failed to fetch releases')}
        action={<Button onClick={releases.reload}>Retry</Button>}
      />
    );
  } else if (!data) {
    body = (
      <div role="status" aria-label="Loading releases">
        <Skeleton active />
      </div>
    );
  } else {
    body = (
      <>
        <p className="shell-releases__rule">{autoRollbackText(data.autoRollback)}</p>
        {releases.error !== null && (
          <Alert
            type="warning"
            role="alert"
            showIcon
            title={errorMessage(releases.error, 'Failed to refresh releases: showing the last list')}
            action={<Button onClick={releases.reload}>Retry</Button>}
          />
        )}
        {PARTS.map((part) => {
          const info = data.areas.find((area) => area.area === part);
          const live = info?.live?.version ?? null;
          return (
            <PartCard
              key={part}
              part={part}
              info={info}
              actions={actionsOf(part, live)}
              onRollBack={() =>
                info?.previous && setChange({ part, action: 'rollback', from: live, to: info.previous })
              }
              onEndCohort={() =>
                info?.cohort &&
                live &&
                setChange({ part, action: 'end-cohort', from: info.cohort.version, to: live })
              }
            />
          );
        })}
      </>
    );
  }

  return (
    <div className="shell-releases" aria-busy={releases.loading}>
      <PageHeader
        title={RELEASES_TITLE}
        subtitle="What each part of the console runs, and every change of it"
        breadcrumb={[{ label: 'Dashboard', to: '/' }, { label: RELEASES_TITLE }]}
      />
      {body}
      {superadmin && <OperatorTokens />}
      {change && (
        <ChangeDialog
          key={`${change.part} ${change.action} ${change.to}`}
          change={change}
          onClose={() => setChange(null)}
          onChanged={releases.reload}
        />
      )}
    </div>
  );
}
