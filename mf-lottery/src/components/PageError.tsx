import { Alert } from 'antd';

/**
 * The page-level 'Error: ...' (shared/src/rules/messages.ts) of the screens (details and tickets of one
 * lottery).
 */
export function PageError({ message }: { message: string }) {
  return (
    <Alert className="lottery-page-error" type="error" showIcon role="alert" title={`Error: ${message}`} />
  );
}
