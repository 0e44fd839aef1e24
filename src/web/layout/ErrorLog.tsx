import { Badge, Button, Empty, Modal, Table, Tooltip } from '@arco-design/web-react';
import { IconBug } from '@arco-design/web-react/icon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { clearErrorLog, errorLog, errorLogEnabled, type ErrorLogEntry } from '../stores/errorLog';

/** The error-log badge and dialog (docs/product.md#routes-and-screens); production builds only. */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const { logs } = useSnapshot(errorLog);
  const [open, setOpen] = useState(false);
  if (!errorLogEnabled || logs.length === 0) return null;
  return (
    <>
      <Tooltip content={t('errorLog.title')}>
        <button type="button" className="navbar__icon" aria-label={t('errorLog.title')} data-testid="error-log" onClick={() => setOpen(true)}>
          <Badge count={logs.length} maxCount={99}><IconBug style={{ color: 'rgb(var(--danger-6))' }} /></Badge>
        </button>
      </Tooltip>
      <Modal
        title={t('errorLog.title')} visible={open} onCancel={() => setOpen(false)} style={{ width: 'min(960px, 96vw)' }}
        footer={<Button status="danger" onClick={() => { clearErrorLog(); setOpen(false); }}>{t('errorLog.clearAll')}</Button>}
      >
        <Table<ErrorLogEntry>
          rowKey="time" data={logs as ErrorLogEntry[]} pagination={false} scroll={{ y: 480 }} noDataElement={<Empty description={t('errorLog.empty')} />}
          columns={[
            { title: t('errorLog.message'), render: (_, row) => <strong>{row.error.message}</strong>, width: 220 },
            { title: t('errorLog.info'), render: (_, row) => `${row.component ? row.component.split('\n')[1]?.trim() ?? '' : ''} ${row.info}`, width: 200 },
            { title: t('errorLog.url'), dataIndex: 'url', width: 200, ellipsis: true },
            { title: t('errorLog.stack'), render: (_, row) => <pre className="error-log__stack">{row.error.stack}</pre> },
          ]}
        />
      </Modal>
    </>
  );
}
