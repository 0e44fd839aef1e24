import { Alert, Button, Modal, Table } from '@arco-design/web-react';
import { IconDownload, IconUpload } from '@arco-design/web-react/icon';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { importProgress, importTicket, type CrudApi, type ImportProgress } from '../../api/crud';
import { toast } from '../../api/feedback';
import { saveBlob, saveResponse } from '../download';
import { ImportProgressLine } from './ImportProgressLine';
import { isSpreadsheet } from './spreadsheetName';

interface RowError { row: number; message: string }


/** Writes the row errors as a workbook the user can keep beside the file they fix. */
async function downloadReport(errors: RowError[], fileName: string, headers: [string, string]) {
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet([headers, ...errors.map((e) => [e.row, e.message])]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'errors');
  const data = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  saveBlob(new Blob([data], { type: 'application/octet-stream' }), fileName);
}

/** Import from xlsx: template download, upload, and the row-by-row error report; all rows or none. */
export function ImportDialog({ api, title, visible, onClose, onImported }: {
  api: CrudApi<unknown, unknown>;
  title: string;
  visible: boolean;
  onClose(): void;
  onImported(count: number): void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (file: File) => {
    if (!isSpreadsheet(file.name)) {
      void toast('error', t('msg:xlsxOnly'), 5000);
      return;
    }
    setBusy(true);
    setErrors([]);
    setProgress(null);
    // The rows read and checked so far, polled from the import's ticket while it runs (an import
    // without one still works, without the count).
    const ticket = await importTicket().then((t) => t.ticket, () => undefined);
    let running = true;
    const follow = async (id: string) => {
      while (running) {
        await new Promise((done) => setTimeout(done, 400));
        // A poll that fails (a blip of the network) skips one count; the import's own answer says how it ended.
        const now = await importProgress(id).catch(() => null);
        if (running && now) setProgress(now);
      }
    };
    if (ticket) void follow(ticket);
    try {
      const { imported } = await api.importFile(file, ticket);
      onImported(imported);
      onClose();
    } catch (err) {
      const data = err instanceof ApiError ? (err.data as { errors?: RowError[] } | undefined) : undefined;
      if (data?.errors) setErrors(data.errors);
    } finally {
      running = false;
      setProgress(null);
      setBusy(false);
    }
  };

  return (
    <Modal title={`${t('kit.import')} · ${title}`} visible={visible} onCancel={() => { setErrors([]); onClose(); }} footer={null} style={{ width: 640, maxWidth: '96vw' }} unmountOnExit>
      <Alert type="info" content={t('kit.importHint')} style={{ marginBottom: 12 }} />
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 12 }}>
        <Button icon={<IconDownload />} onClick={async () => saveResponse(await api.template(), `${title}-template.xlsx`)}>{t('kit.template')}</Button>
        {/* A plain file input: the dialog offers spreadsheets first, and any other file the user
            picks still gets the message of docs/product.md#validation instead of being dropped without a word. */}
        <input
          ref={input} type="file" accept=".xlsx,.xls" hidden
          onChange={(e) => { const file = e.target.files?.[0]; e.target.value = ''; if (file) void upload(file); }}
        />
        <Button type="primary" icon={<IconUpload />} loading={busy} onClick={() => input.current?.click()} data-testid="import-choose">
          {t('kit.chooseFile')}
        </Button>
      </div>
      {busy && <ImportProgressLine progress={progress} />}
      {errors.length > 0 && (
        <>
          <Alert type="error" content={t('kit.importFailed', { count: new Set(errors.map((e) => e.row)).size })} style={{ marginBottom: 8 }}
            action={<Button size="mini" onClick={() => void downloadReport(errors, `${title}-errors.xlsx`, [t('kit.row'), t('kit.problem')])}>{t('kit.downloadReport')}</Button>}
          />
          <Table<RowError> data-testid="import-errors" rowKey={(e) => `${e.row}:${e.message}`} size="mini" data={errors} pagination={{ pageSize: 8 }}
            columns={[{ title: t('kit.row'), dataIndex: 'row', width: 70 }, { title: t('kit.problem'), dataIndex: 'message' }]} />
        </>
      )}
    </Modal>
  );
}
