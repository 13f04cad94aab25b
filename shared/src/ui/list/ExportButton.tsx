import { Button } from 'antd';
import { useRef, useState } from 'react';
import type { RouteName } from '../../contract/routes.ts';
import { formatBytes } from '../../format/index.ts';
import { type CallInput, type Endpoint, errorMessage, isCanceled, useHost } from '../../host/index.ts';
import { Icon } from '../Icon.tsx';
import { DownloadOutlined } from '../icons.ts';

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
 * 'Export CSV' of a list with its current filters and sort: the API streams the file; the button shows how
 * much has arrived and can cancel.
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
  const [received, setReceived] = useState<number | null>(null);
  const running = useRef<AbortController | null>(null);

  const start = async () => {
    const controller = new AbortController();
    running.current = controller;
    setReceived(0);
    try {
      const file = await http.download(endpoint, input, {
        signal: controller.signal,
        onProgress: setReceived,
      });
      save(file.blob, file.filename ?? filename);
      notify.success(file.rows === null ? 'Export downloaded' : `Exported ${file.rows} rows`);
    } catch (error) {
      if (!controller.signal.aborted && !isCanceled(error))
        notify.error(errorMessage(error, 'Failed to export'));
    } finally {
      running.current = null;
      setReceived(null);
    }
  };

  if (received === null) {
    return (
      <span className="bo-export">
        <Button icon={<Icon icon={DownloadOutlined} />} onClick={start}>
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
        {formatBytes(received)} received
      </span>
      <Button onClick={() => running.current?.abort()}>Cancel</Button>
    </span>
  );
}
