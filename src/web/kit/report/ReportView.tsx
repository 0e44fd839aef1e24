import { Button, Empty, Message, Result, Space, Table, Tag, Tooltip, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconQuestionCircle, IconRefresh } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFilters } from '@shared/analytics/filters';
import type { ReportDef } from '@shared/analytics/reportDef';
import type { Language } from '@shared/i18n/languages';
import { rethrowUnlessShown } from '../../api/client';
import { useButtons } from '../usePermission';
import { sortHeader } from '../list/sortHeader';
import { formatCell, isNumeric } from './format';
import { ns } from './locale';
import { ReportChart } from './ReportChart';
import { ReportFilterBar } from './ReportFilterBar';
import { exportCancel, exportProgress, reportApi } from './reportApi';
import { API_BASE } from '@shared/api/protocol';
import { reportViewSpec } from './reportFilters';
import { useViewState } from '../useViewState';
import { ViewsMenu } from '../views/ViewsMenu';
import '../list/list.css';
import './report.css';

type Row = Record<string, string | number | null>;

/** What a page with a view of its own adds to the kit's rendering of its report. */
export interface ReportViewHooks {
  /** A cell of the page's own (a tag coloured by a code its row carries); undefined leaves the kit's. */
  renderCell?(key: string, row: Row): ReactNode | undefined;
  /** A class for a row, e.g. to tint the failures. */
  rowClassName?(row: Row): string | undefined;
  /** Opens a row (its details): the row is clickable and a last column holds a button for it. */
  onOpenRow?(row: Row): void;
  /** The keyword box's hint: what this report searches. */
  keywordHint?: string;
}

/**
 * Any report page from its definition (src/shared/analytics/reports): filter bar, the chart
 * above the table, a server-paged and sorted table, and the streamed xlsx export of the
 * current filters for holders of `<perm>:export`. Filters, sort, page and page size live in the
 * view's address (`useViewState`): a dashboard's drill-down and a copied link open the same view.
 */
export function ReportView({ def, renderCell, rowClassName, onOpenRow, keywordHint }: { def: ReportDef } & ReportViewHooks) {
  const { t, i18n } = useTranslation(ns);
  const lang = i18n.language as Language;
  const buttons = useButtons();
  const spec = useMemo(() => reportViewSpec(def), [def]);
  const [view, setView] = useViewState(spec);
  const filters = view.filters as Partial<AnalyticsFilters>;
  const { page: pageNum, size: pageSize, sort: orderBy } = view;
  const [exporting, setExporting] = useState(false);
  const [progress, setProgress] = useState<{ ticket: string; rows: number } | null>(null);
  const progressOf = useRef<{ rows: number; status: string } | null>(null);
  const calls = useMemo(() => reportApi(def.page), [def.page]);

  const query = useQuery({
    queryKey: ['report', def.page, filters, pageNum, pageSize, orderBy],
    queryFn: () => calls.page({ ...(filters as AnalyticsFilters), pageNum, pageSize, orderBy: orderBy.length ? orderBy : undefined }),
    placeholderData: keepPreviousData,
  });

  const columns = useMemo(() => {
    const list = def.columns.map((c): TableColumnProps<Row> => {
      const sorted = orderBy.find((o) => o.field === c.key);
      return {
        key: c.key, dataIndex: c.key, title: c.title[lang], width: c.width ? c.width * 8 : undefined, align: isNumeric(c.type) ? 'right' : undefined,
        sorter: c.sortable ? true : undefined,
        sortOrder: c.sortable ? (sorted ? (sorted.order === 'asc' ? 'ascend' : 'descend') : undefined) : undefined,
        onHeaderCell: c.sortable ? sortHeader(sorted?.order) : undefined,
        render: (value: Row[string], row: Row) => renderCell?.(c.key, row) ?? (c.type === 'tag' ? <ReportTag value={value} /> : formatCell(c.type, value, lang)),
      };
    });
    if (onOpenRow) {
      list.push({
        key: 'open', title: t('kit.actions'), fixed: 'right', width: 80,
        render: (_v: unknown, row: Row) => (
          <Button type="text" size="mini" data-testid="report-open-row" onClick={(e) => { e.stopPropagation(); onOpenRow(row); }}>{t('openRow')}</Button>
        ),
      });
    }
    return list;
  }, [def.columns, orderBy, lang, renderCell, onOpenRow, t]);

  // The browser downloads the file itself from a one-time link (never the whole file in the page's
  // memory), while the page shows the rows written so far and can cancel (docs/views-and-subscriptions.md).
  const exportFile = async () => {
    setExporting(true);
    try {
      const { ticket, url } = await calls.exportLink(filters as AnalyticsFilters);
      const link = document.createElement('a');
      link.href = `${API_BASE}${url}`;
      document.body.append(link);
      link.click();
      link.remove();
      setProgress({ ticket, rows: 0 });
      // A download the browser never started leaves the ticket ready: given up after a minute.
      for (let waited = 0; waited < 60_000 || progressOf.current?.status === 'running'; waited += 700) {
        await new Promise((done) => setTimeout(done, 700));
        const now = await exportProgress(ticket);
        progressOf.current = now;
        setProgress({ ticket, rows: now.rows });
        if (now.status === 'done') Message.success(t('exported'));
        if (!['ready', 'running'].includes(now.status)) break;
      }
    } catch (err) {
      rethrowUnlessShown(err); // the client shows the reason.
    } finally {
      progressOf.current = null;
      setProgress(null);
      setExporting(false);
    }
  };
  const cancelExport = () => void (progress && exportCancel(progress.ticket).catch(rethrowUnlessShown));

  const filtered = Object.keys(filters).length > 0;
  return (
    <div className="report-view" data-testid={`report-${def.page}`}>
      <div className="report-view__head">
        <p className="report-view__desc" data-testid="report-description">
          <IconQuestionCircle style={{ marginRight: 6 }} />{def.description[lang]}
        </p>
      </div>
      <ReportFilterBar keys={def.filters} initial={filters} keywordHint={keywordHint} onSearch={(values) => setView({ filters: values, page: 1 })} />
      {(def.chart || def.moreCharts) && (
        <div className={def.moreCharts?.length ? 'report-charts report-charts--several' : 'report-charts'}>
          {def.chart && <ReportChart def={def} chart={def.chart} filters={filters} />}
          {def.moreCharts?.map((c) => <ReportChart key={c.id} def={def} chart={c} id={c.id} filters={filters} />)}
        </div>
      )}
      <div className="list-toolbar">
        <div>
          {buttons.has(`${def.perm}:export`) && (
            <Space size={8}>
              <Button type="primary" icon={<IconDownload />} loading={exporting} onClick={() => void exportFile()} data-testid="report-export">
                {exporting ? (progress?.rows ? t('exportingRows', { count: progress.rows }) : t('exporting')) : t('kit.export')}
              </Button>
              {progress && <Button onClick={cancelExport} data-testid="report-export-cancel">{t('cancelExport')}</Button>}
            </Space>
          )}
        </div>
        <Space size={8}>
          <ViewsMenu />
          <Tooltip content={t('kit.refresh')}>
            <Button icon={<IconRefresh />} aria-label={t('kit.refresh')} onClick={() => void query.refetch()} />
          </Tooltip>
        </Space>
      </div>
      {query.isError ? (
        <Result status="error" title={t('loadFailed')} subTitle={query.error?.message}
          extra={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>} />
      ) : (
        <Table<Row>
          rowKey={(row) => JSON.stringify(row)}
          loading={query.isFetching}
          columns={columns}
          data={query.data?.rows ?? []}
          rowClassName={(row) => [rowClassName?.(row), onOpenRow ? 'report-view__row--open' : undefined].filter(Boolean).join(' ')}
          onRow={onOpenRow ? (row) => ({ onClick: () => onOpenRow(row) }) : undefined}
          noDataElement={<Empty description={filtered ? t('kit.noMatch') : t('kit.noData')} />}
          scroll={{ x: 'max-content' }}
          border={{ wrapper: true, cell: false }}
          pagination={{
            current: pageNum, pageSize, total: query.data?.total ?? 0, sizeCanChange: true, sizeOptions: [10, 20, 50, 100],
            // A long list's total is the server's estimate (counting millions of rows would outlast the page): said as such.
            showTotal: query.data?.totalEstimated ? (total: number) => t('kit.totalAbout', { total: total.toLocaleString(lang) }) : true,
            onChange: (current, size) => setView({ page: size !== pageSize ? 1 : current, size }),
          }}
          onChange={(_p, sorter, _f, extra) => {
            if (extra.action !== 'sort') return;
            const s = Array.isArray(sorter) ? sorter[0] : sorter;
            setView({ sort: s?.field && s.direction ? [{ field: String(s.field), order: s.direction === 'ascend' ? 'asc' : 'desc' }] : [], page: 1 });
          }}
        />
      )}
      {query.data && <div className="report-view__foot">{t('asOf', { time: new Date(query.data.asOf).toLocaleString(lang) })}</div>}
    </div>
  );
}

/** A tag cell: yes/no figures in colour (balanced or not), anything else as it is. */
export function ReportTag({ value }: { value: Row[string] }) {
  const { t } = useTranslation(ns);
  if (value === 'yes') return <Tag color="green" size="small">{t('kit.yes')}</Tag>;
  if (value === 'no') return <Tag color="red" size="small">{t('kit.no')}</Tag>;
  return value == null || value === '' ? <>-</> : <Tag size="small">{String(value)}</Tag>;
}
