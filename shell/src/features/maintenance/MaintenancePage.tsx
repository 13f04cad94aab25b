import { CheckCircleOutlined, ToolOutlined } from '@ant-design/icons';
import * as endpoints from '@backoffice/shared/endpoints';
import { errorMessage } from '@backoffice/shared/host';
import { Button } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { Loading } from '../../components/Loading.tsx';
import { http, leaveMaintenance } from '../../http/services.ts';
import { notify } from '../../notify.ts';
import '../../components/message-page.css';
import './maintenance.css';

type Status = 'checking' | 'maintenance' | 'up';

/**
 * Where a 503 sends the admin (docs/architecture.md#where-each-kind-of-rule-lives), and the sidebar's
 * Maintenance entry: the API's state.
 */
export default function MaintenancePage() {
  const [status, setStatus] = useState<Status>('checking');

  const check = useCallback(async (leaveWhenUp: boolean) => {
    setStatus('checking');
    try {
      const answer = await http.call(endpoints.health, {});
      const up = !answer.data.maintenance;
      setStatus(up ? 'up' : 'maintenance');
      if (up && leaveWhenUp) leaveMaintenance();
      if (!up && leaveWhenUp) notify.info('Server is still under maintenance');
    } catch (error) {
      setStatus('maintenance');
      if (leaveWhenUp) notify.error(errorMessage(error, 'An unexpected error occurred'), error);
    }
  }, []);

  useEffect(() => {
    void check(false);
  }, [check]);

  if (status === 'checking') return <Loading size="large" label="Checking the server" />;

  if (status === 'up') {
    return (
      <div className="shell-message-page shell-maintenance">
        <div className="shell-maintenance__icon shell-maintenance__icon--ok" aria-hidden>
          <CheckCircleOutlined />
        </div>
        <h1>All systems operational</h1>
        <p>
          The server is not under maintenance. When it is, every area of the console pauses and this page says
          so.
        </p>
        <Button type="primary" size="large" onClick={leaveMaintenance}>
          Back to Dashboard
        </Button>
      </div>
    );
  }

  return (
    <div className="shell-message-page shell-maintenance">
      <div className="shell-maintenance__icon" aria-hidden>
        <ToolOutlined />
      </div>
      <h1>Server is under maintenance</h1>
      <p>
        The platform is being updated and the console cannot reach it right now. Your data is safe; please try
        again in a few minutes.
      </p>
      <Button type="primary" size="large" onClick={() => void check(true)}>
        Try Again
      </Button>
    </div>
  );
}
