import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

// Inline: the shell shows this page too, and it does not load ui.css on every page.
const headingStyle = { margin: 0, fontSize: 'inherit', fontWeight: 'inherit' } as const;

export interface NoAccessProps {
  title?: string;
  subTitle?: string;
}

/**
 * A page the admin's roles do not open (a direct URL, issue 13): said plainly, with the way back.
 * The shell shows it for an area; a remote for a page that only changes things (e.g. Create Lottery).
 */
export function NoAccess({
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
