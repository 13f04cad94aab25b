import type { GateResult } from '@backoffice/shared/contract';
import { Tag } from 'antd';
import { CHECK_LABELS, smokeSkipped } from './labels.ts';

/** The gate as it stands now: 'Passes', or each failed check with its message (never colour alone). */
export function GateCell({ gate }: { gate: GateResult[] }) {
  const failed = gate.filter((check) => !check.ok);
  const skipped = smokeSkipped(gate) && (
    <small className="shell-releases__small" title={gate.find((check) => check.check === 'smoke')?.message}>
      smoke skipped
    </small>
  );
  if (!failed.length)
    return (
      <div className="shell-releases__gate">
        <Tag color="green">Passes</Tag>
        {skipped}
      </div>
    );
  return (
    <div className="shell-releases__gate">
      <Tag color="red">Fails</Tag>
      <ul className="shell-releases__checks">
        {failed.map((check) => (
          <li key={check.check}>
            <strong>{CHECK_LABELS[check.check]}:</strong> {check.message}
          </li>
        ))}
      </ul>
      {skipped}
    </div>
  );
}
