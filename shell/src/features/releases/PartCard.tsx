import type { ReleaseAreaInfo, ReleaseTarget } from '@backoffice/shared/contract';
import { cohortLabel } from '@backoffice/shared/contract/cohorts';
import { formatCount, formatDateTime } from '@backoffice/shared/format';
import { Button, Tag } from 'antd';
import { useId } from 'react';
import { FailuresTable } from './FailuresTable.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { fieldText, liveActionLabel, PART_LABELS, shortCommit } from './labels.ts';
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

/**
 * A version live for a cohort first: for whom, since when, how it does beside everyone else's version,
 * and what to do with it (promote it to all, or roll the cohort back to the live version).
 */
function CohortSummary({
  label,
  info,
  onPromote,
  onEnd,
}: {
  label: string;
  info: ReleaseAreaInfo;
  onPromote(): void;
  onEnd(): void;
}) {
  const heading = useId();
  const { cohort } = info;
  if (!cohort) return null;
  const figures = (version: string | undefined) => info.versions.find((v) => v.version === version)?.field;
  const mine = figures(cohort.version);
  const rest = figures(info.live?.version);
  return (
    <section className="shell-releases__cohort" aria-labelledby={heading}>
      <h3 id={heading} className="shell-releases__subtitle">
        Cohort: {cohort.version} <Tag color="purple">{cohortLabel(cohort.rule)}</Tag>
      </h3>
      <p className="shell-releases__muted">
        Since {formatDateTime(cohort.since)} by {cohort.by}; everyone else keeps{' '}
        {info.live?.version ?? 'nothing'}.
      </p>
      <dl className="shell-releases__facts">
        <div>
          <dt>Cohort, last hour</dt>
          <dd>{mine ? fieldText(mine) : 'No reports yet'}</dd>
        </div>
        <div>
          <dt>Everyone else, last hour</dt>
          <dd>{rest ? fieldText(rest) : 'No reports yet'}</dd>
        </div>
      </dl>
      <div className="shell-releases__rollback">
        <Button type="primary" aria-label={`Promote ${label} ${cohort.version} to all`} onClick={onPromote}>
          Promote to all
        </Button>
        <Button danger aria-label={`Roll back ${label}'s cohort`} onClick={onEnd}>
          Roll back cohort
        </Button>
      </div>
    </section>
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
  onEndCohort,
  actions,
}: {
  part: ReleaseTarget;
  info: ReleaseAreaInfo | undefined;
  onRollBack(): void;
  onEndCohort(): void;
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
            <CohortSummary
              label={label}
              info={info}
              onEnd={onEndCohort}
              onPromote={() => {
                const version = info.versions.find((v) => v.cohort);
                if (version) actions.promote(version);
              }}
            />
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
