import { Progress } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { ImportProgress } from '../../api/crud';

/**
 * Where a running import stands (docs/views-and-subscriptions.md, Long imports): uploading, the rows
 * read, then checked of read, then writing; announced politely to a screen reader.
 */
export function ImportProgressLine({ progress }: { progress: ImportProgress | null }) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const read = n(progress?.read ?? 0);
  const text = !progress || progress.status === 'ready' ? t('kit.importUploading')
    : progress.status === 'reading' ? t('kit.importReading', { read })
      : progress.status === 'checking' ? t('kit.importChecking', { checked: n(progress.checked), read })
        : t('kit.importWriting', { read });
  const percent = progress?.status === 'checking' && progress.read ? Math.floor((progress.checked / progress.read) * 100) : progress?.status === 'writing' ? 100 : 0;
  return (
    <div data-testid="import-progress" style={{ marginBottom: 12 }}>
      <div role="status" aria-live="polite" style={{ color: 'var(--color-text-2)', marginBottom: 4 }}>{text}</div>
      <Progress percent={percent} showText={false} aria-label={text} />
    </div>
  );
}
