import { Card } from '@backoffice/shared/ui';

/** The page-level 'Error: ...' of spec section 8 (details and tickets of one lottery). */
export function PageError({ message }: { message: string }) {
  return (
    <Card className="lottery-page-error">
      <p role="alert">Error: {message}</p>
    </Card>
  );
}
