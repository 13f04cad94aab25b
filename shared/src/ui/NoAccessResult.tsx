import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';
import type { NoAccessProps } from './NoAccess.tsx';

// Inline: the shell shows this page too, and it does not load ui.css on every page.
const headingStyle = { margin: 0, fontSize: 'inherit', fontWeight: 'inherit' } as const;

/** The page itself (see NoAccess). */
export default function NoAccessResult({
  title = 'You do not have access to this area',
  subTitle = 'Ask a superadmin for the role of this area if you need it.',
}: NoAccessProps) {
  return (
    <Result
      status="403"
      title={<h1 style={headingStyle}>{title}</h1>}
      subTitle={subTitle}
      extra={
        <Button type="primary">
          <Link to="/">Back to Dashboard</Link>
        </Button>
      }
    />
  );
}
