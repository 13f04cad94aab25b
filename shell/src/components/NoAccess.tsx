import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import './no-access.css';

/** A page the admin's roles do not open (a direct URL): said plainly, with the way back. */
export function NoAccess() {
  return (
    <Result
      status="403"
      title={<h1 className="shell-no-access__title">You do not have access to this area</h1>}
      subTitle="Ask a superadmin for the role of this area if you need it."
      extra={
        <Button type="primary">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
