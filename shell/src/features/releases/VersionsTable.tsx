import type { ReleaseTarget, ReleaseVersionInfo } from '@backoffice/shared/contract';
import { formatDateTime } from '@backoffice/shared/format';
import { Button, Space, Table, Tag } from 'antd';
import { GateCell } from './GateCell.tsx';
import { fieldText, PART_LABELS, shortCommit } from './labels.ts';
import { ScrollBox } from './ScrollBox.tsx';

export interface VersionActions {
  promote(version: ReleaseVersionInfo): void;
  /** Live for a cohort first (an area's version only). */
  cohort(version: ReleaseVersionInfo): void;
  preview(version: ReleaseVersionInfo & { entry: string }): void;
}

/** Every published version of a part, newest first, with the gate as it stands and what it can do. */
export function VersionsTable({
  part,
  versions,
  actions,
}: {
  part: ReleaseTarget;
  versions: ReleaseVersionInfo[];
  actions: VersionActions;
}) {
  const label = PART_LABELS[part];
  return (
    <ScrollBox label={`${label}: versions`}>
      <Table<ReleaseVersionInfo>
        size="small"
        pagination={false}
        dataSource={versions}
        rowKey={(v) => v.version}
        columns={[
          {
            key: 'version',
            title: 'Version',
            render: (_, v) => (
              <Space size={4} wrap>
                <strong>{v.version}</strong>
                {v.live && <Tag color="green">Live</Tag>}
                {v.cohort && <Tag color="purple">Cohort</Tag>}
                {v.previous && <Tag>Previous</Tag>}
                {v.tampered.length > 0 && (
                  <Tag color="red" title={`Changed since it was published: ${v.tampered.join(', ')}`}>
                    Tampered
                  </Tag>
                )}
              </Space>
            ),
          },
          {
            key: 'commit',
            title: 'Commit',
            render: (_, v) => <code title={v.commit ?? undefined}>{shortCommit(v.commit)}</code>,
          },
          {
            key: 'published',
            title: 'Published',
            render: (_, v) => (
              <div className="shell-releases__stacked">
                <span>{formatDateTime(v.publishedAt)}</span>
                <small className="shell-releases__small">by {v.publishedBy}</small>
              </div>
            ),
          },
          { key: 'gate', title: 'Gate', render: (_, v) => <GateCell gate={v.gate} /> },
          {
            key: 'field',
            title: 'Last hour',
            render: (_, v) => fieldText(v.field),
          },
          {
            key: 'actions',
            title: 'Actions',
            render: (_, v) => {
              if (v.live) return null;
              const entry = v.entry;
              return (
                <Space size={4} wrap>
                  <Button
                    size="small"
                    aria-label={`Promote ${label} ${v.version}${v.cohort ? ' to all' : ''}`}
                    onClick={() => actions.promote(v)}
                  >
                    {v.cohort ? 'Promote to all' : 'Promote'}
                  </Button>
                  {part !== 'shell' && !v.cohort && (
                    <Button
                      size="small"
                      aria-label={`Release ${label} ${v.version} to a cohort`}
                      onClick={() => actions.cohort(v)}
                    >
                      Cohort…
                    </Button>
                  )}
                  {part !== 'shell' && entry && (
                    <Button
                      size="small"
                      aria-label={`Preview ${label} ${v.version}`}
                      onClick={() => actions.preview({ ...v, entry })}
                    >
                      Preview
                    </Button>
                  )}
                </Space>
              );
            },
          },
        ]}
      />
    </ScrollBox>
  );
}
