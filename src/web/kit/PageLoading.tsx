import { Spin } from '@arco-design/web-react';

export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? 'page-loading page-loading--fullscreen' : 'page-loading'} role="status" aria-busy="true">
      <Spin size={fullscreen ? 32 : 24} />
    </div>
  );
}
