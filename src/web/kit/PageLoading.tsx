import { IconLoading } from '@arco-design/web-react/icon';

/** A spinner like Arco's Spin, without it: this is the entry's Suspense fallback, and Spin pulls Arco's config context into the entry. */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? 'page-loading page-loading--fullscreen' : 'page-loading'} role="status" aria-busy="true">
      <IconLoading className="page-loading__icon" style={{ fontSize: fullscreen ? 32 : 24 }} />
    </div>
  );
}
