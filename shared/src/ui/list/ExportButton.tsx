import { Button } from 'antd';
import { useRef, useState } from 'react';
import type { RouteName } from '../../contract/routes.ts';
import { formatBytes, formatCount } from '../../format/index.ts';
import {
  type CallInput,
  type DownloadProgress,
  type Endpoint,
  errorMessage,
  isCanceled,
  useHost,
} from '../../host/index.ts';
import { Icon } from '../Icon.tsx';
import { DownloadOutlined } from '../icons.ts';
import { useListLoaded, useListTotal } from './ListPage.tsx';

/** Saves a downloaded file under its name (an object URL on a temporary link). */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * 'Exporting 12,345 of 100,000 rows (12%)'; without a total, the rows received ('Exporting 12,345 rows'),
 * or the bytes before the first row; before the server answered, that it is preparing.
 */
export function exportProgress({ bytes, rows, total }: DownloadProgress): string {
  if (total === null) {
    if (rows > 0) return `Exporting ${formatCount(rows)} rows`;
    return bytes === 0 ? 'Preparing export...' : `${formatBytes(bytes)} received`;
  }
  const percent = total === 0 ? 100 : Math.min(100, Math.floor((rows * 100) / total));
  return `Exporting ${formatCount(rows)} of ${formatCount(total)} rows (${percent}%)`;
}

/**
 * 'Export CSV' of a list with its current filters and sort: the API streams the file; the button shows how
 * many rows (else bytes) have arrived and can cancel.
 */
export function ExportButton<N extends RouteName>({
  endpoint,
  input,
  filename,
}: {
  endpoint: Endpoint<N>;
  input: CallInput<N>;
  /** Used when the server does not name the file. */
  filename: string;
}) {
  const { http, notify } = useHost();
  // In a list's toolbar: disabled until the list has loaded (and while its load has failed).
  const listLoaded = useListLoaded();
  // The total the list already showed: the progress counts against it from the click on, while the
  // server still counts (a large export's count takes a while), until the server's X-Total-Count.
  const listTotal = useListTotal();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const running = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ bytes: 0, rows: 0, total: listTotal });
    try {
      const file = await http.download(endpoint, input, {
        signal: controller.signal,
        totalHint: listTotal,
        onProgress: (next) => setProgress({ ...next, total: next.total ?? listTotal }),
      });
      save(file.blob, file.filename ?? filename);
      notify.success(file.rows === null ? 'Export downloaded' : `Exported ${formatCount(file.rows)} rows`);
    } catch (error) {
      if (!controller.signal.aborted && !isCanceled(error))
        notify.error(errorMessage(error, 'Failed to export'), error);
    } finally {
      running.current = null;
      setProgress(null);
    }
  };

  if (progress === null) {
    return (
      <span className="bo-export">
        <Button icon={<Icon icon={DownloadOutlined} />} onClick={start} disabled={!listLoaded}>
          Export CSV
        </Button>
      </span>
    );
  }
  return (
    <span className="bo-export">
      <Button loading disabled>
        Exporting...
      </Button>
      <span role="status" aria-live="polite" className="bo-export__progress">
        {exportProgress(progress)}
      </span>
      <Button onClick={() => running.current?.abort()}>Cancel</Button>
    </span>
  );
}
