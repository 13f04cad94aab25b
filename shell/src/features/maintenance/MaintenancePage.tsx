import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { leaveMaintenance } from '../../app/services.ts';

/** Where a 503 sends the admin (spec section 4); also reachable from the sidebar. */
export default function MaintenancePage() {
  return (
    <div className="maintenance">
      <div className="maintenance__icon" aria-hidden>
        <ToolOutlined />
      </div>
      <h1>Server is under maintenance</h1>
      <p>
        The platform is being updated and the console cannot reach it right now. Your data is safe; please try
        again in a few minutes.
      </p>
      <Button type="primary" size="large" onClick={leaveMaintenance}>
        Try Again
      </Button>
    </div>
  );
}
