import { Result } from '@arco-design/web-react';
import { ApiError } from '../../api/client';
import { PageLoading } from '../../kit/PageLoading';

/** What a card shows instead of its sheets: loading, a problem, or nothing to print. */
export function CardState({ kind, text }: { kind: 'loading' | 'error' | 'empty'; text?: string }) {
  if (kind === 'loading') return <div className="print-state"><PageLoading /></div>;
  return (
    <div className="print-state" data-testid={`print-${kind}`}>
      <Result status={kind === 'error' ? 'warning' : 'info'} title={text} />
    </div>
  );
}

/** A 404 (or a 403 for data out of the user's scope) means the thing is not there for them. */
export const isMissing = (err: unknown) => err instanceof ApiError && (err.status === 404 || err.status === 403);
