import type { ReleaseAreaInfo, ReleaseTarget } from '@backoffice/shared/contract';
import { formatCount, formatDateTime } from '@backoffice/shared/format';
import { Button, Tag } from 'antd';
import { useId } from 'react';
import { FailuresTable } from './FailuresTable.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { liveActionLabel, PART_LABELS, shortCommit } from './labels.ts';
import { type VersionActions, VersionsTable } from './VersionsTable.tsx';

/** What is live of a part, and since when. */
function LiveSummary({ info }: { info: ReleaseAreaInfo }) {
  const { live } = info;
  if (!live) return <p className="shell-releases__muted">Nothing is live yet: promote a version below.</p>;
  return (
    <dl className="shell-releases__facts">
      <div>
        <dt>Live version</dt>
        <dd>
          <span className="shell-releases__live-version">{live.version}</span>{' '}
          <Tag color={live.action === 'auto-rollback' ? 'orange' : 'blue'}>
            {liveActionLabel(live.action)}
          </Tag>
        </dd>
      </div>
      <div>
        <dt>Commit</dt>
        <dd>
          <code title={live.commit ?? undefined}>{shortCommit(live.commit)}</code>
        </dd>
      </div>
      <div>
        <dt>Since</dt>
        <dd>
          {formatDateTime(live.since)} by {live.by}
        </dd>
      </div>
      <div>
        <dt>Previous version</dt>
        <dd>{info.previous ?? 'None'}</dd>
      </div>
    </dl>
  );
}

/** 'Roll back' to the previous version; said why not when there is none. */
function RollBack({ label, info, onRollBack }: { label: string; info: ReleaseAreaInfo; onRollBack(): void }) {
  const whyNot = useId();
  const disabled = !info.live || !info.previous;
  return (
    <div className="shell-releases__rollback">
      <Button
        danger
        disabled={disabled}
        aria-label={info.previous ? `Roll back ${label} to ${info.previous}` : `Roll back ${label}`}
        aria-describedby={disabled ? whyNot : undefined}
        onClick={onRollBack}
      >
        Roll back
      </Button>
      {disabled && (
        <span id={whyNot} className="shell-releases__muted">
          No previous version to roll back to
        </span>
      )}
    </div>
  );
}

/** One part of the console (the shell or an area): live, previous, failures, versions, history. */
export function PartCard({
  part,
  info,
  onRollBack,
  actions,
}: {
  part: ReleaseTarget;
  info: ReleaseAreaInfo | undefined;
  onRollBack(): void;
  actions: VersionActions;
}) {
  const heading = useId();
  const label = PART_LABELS[part];
  const published = info && (info.versions.length > 0 || info.live);
  // The list holds the latest failures only; the versions' figures count every one of the hour.
  const failureCount = Math.max(
    info?.failures.length ?? 0,
    info?.versions.reduce((sum, version) => sum + version.field.failures, 0) ?? 0,
  );
  return (
    <section className="bo-panel shell-releases__part" aria-labelledby={heading}>
      <div className="bo-panel__head">
        <h2 id={heading} className="shell-releases__title">
          {label}
        </h2>
      </div>
      <div className="bo-panel__body shell-releases__body">
        {!published ? (
          <p className="shell-releases__muted">Nothing is published yet</p>
        ) : (
          <>
            <LiveSummary info={info} />
            <RollBack label={label} info={info} onRollBack={onRollBack} />
            {info.failures.length > 0 && (
              <div>
                <h3 className="shell-releases__subtitle">
                  Failures in the last hour: {formatCount(failureCount)}
                  {failureCount > info.failures.length && ` (the latest ${info.failures.length} below)`}
                </h3>
                <FailuresTable label={label} failures={info.failures} />
              </div>
            )}
            <div>
              <h3 className="shell-releases__subtitle">Versions</h3>
              <VersionsTable part={part} versions={info.versions} actions={actions} />
            </div>
            <div>
              <h3 className="shell-releases__subtitle">History</h3>
              <HistoryTable label={label} history={info.history} />
            </div>
          </>
        )}
      </div>
    </section>
  );
}
