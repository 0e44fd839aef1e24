import { Button, Card, Descriptions, Empty, Input, Message, Modal, Result, Space, Spin, Tag, Timeline } from '@arco-design/web-react';
import { IconDownload, IconPrinter, IconSearch, IconUndo } from '@arco-design/web-react/icon';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  TRACE_CANCEL_PERM, TRACE_EXPORT_PATH, TRACE_EXPORT_PERM, type TraceCancelResult, type TraceCorrections,
} from '@shared/analytics/reports/inventory';
import type { BarcodeTrace } from '@shared/api/orders';
import { orderTypeLabel } from '@shared/orders/orderTypes';
import { rethrowUnlessShown } from '../../../api/client';
import { api, exportHttp } from '../../../api/http';
import { saveResponse } from '../../../kit/download';
import { usePermission } from '../../../kit/usePermission';
import { ns } from './locale';
import { traceTimeline, type TraceMove } from './timeline';
import './trace.css';

const STATUS_COLOR = { pending: 'orange', in: 'green', out: 'gray' } as const;

/** Inventory › Barcode trace (codeRetrospection): one tyre and its moves; the latest wrong record can be cancelled. */
export default function BarcodeTracePage() {
  const { t, i18n } = useTranslation(ns);
  const queryClient = useQueryClient();
  const canCancel = usePermission(TRACE_CANCEL_PERM).allowed;
  const canExport = usePermission(TRACE_EXPORT_PERM).allowed;
  const [exporting, setExporting] = useState(false);
  const [input, setInput] = useState('');
  const [barcode, setBarcode] = useState('');
  const en = i18n.language === 'en-US';
  const query = useQuery({
    queryKey: ['barcode-trace', barcode],
    enabled: barcode !== '',
    retry: false,
    queryFn: async () => {
      const [trace, corrections] = await Promise.all([
        api.post<BarcodeTrace>('/orderManage/barcode/trace', { barcode }),
        api.post<TraceCorrections>('/orderManage/barcode/trace/corrections', { barcode }),
      ]);
      return { ...trace, timeline: traceTimeline(trace.moves, corrections.corrections) };
    },
  });

  const cancel = (m: TraceMove) => Modal.confirm({
    title: t('cancelTitle'),
    content: t('cancelConfirm', { orderNo: m.orderNo }),
    okButtonProps: { status: 'danger' },
    onOk: async () => {
      try {
        const result = await api.post<TraceCancelResult>('/orderManage/barcode/trace/cancel', { barcode, moveId: m.id });
        Message.success(t('cancelDone', { status: t(result.status) }));
      } catch (err) {
        rethrowUnlessShown(err); // the client showed the reason (a newer record meanwhile, no permission).
      }
      await queryClient.invalidateQueries({ queryKey: ['barcode-trace', barcode] });
    },
  });

  const exportTrace = async () => {
    setExporting(true);
    try {
      saveResponse(await exportHttp.post<Blob>(TRACE_EXPORT_PATH, { barcode }), `${t('title')} ${barcode}.xlsx`);
    } catch (err) {
      rethrowUnlessShown(err); // the client shows the reason.
    } finally {
      setExporting(false);
    }
  };

  const data = query.data;
  return (
    <div className="page barcode-trace" data-testid="barcode-trace">
      <div className="barcode-trace__search">
        <Input.Search
          autoFocus allowClear value={input} onChange={setInput} placeholder={t('placeholder')} maxLength={40}
          searchButton={<><IconSearch /> {t('trace')}</>} onSearch={(v) => setBarcode(v.trim().toUpperCase())} data-testid="trace-input"
        />
      </div>
      <div className="barcode-trace__meta">{t('hint')}</div>
      {!barcode ? null : query.isLoading ? <Spin style={{ margin: 40 }} /> : query.isError || !data ? (
        <Result status="404" subTitle={t('notFound')} />
      ) : (
        <>
          <Card title={`${t('tyre')} ${data.barcode.code}`} extra={(
            <Space>
              <Tag color={STATUS_COLOR[data.barcode.status]}>{t(data.barcode.status)}</Tag>
              {/* The print route /tyreReportCard: this tyre and its trace on an A4 sheet. */}
              <Button
                size="small" icon={<IconPrinter />} data-testid="trace-print"
                onClick={() => window.open(`#/tyreReportCard?barcode=${encodeURIComponent(data.barcode.code)}`, '_blank')}
              >
                {t('printCard')}
              </Button>
            </Space>
          )}>
            <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} data={[
              { label: t('material'), value: `${data.barcode.materialCode} ${data.barcode.materialName}` },
              { label: t('brand'), value: data.barcode.brandName },
              { label: t('specification'), value: `${data.barcode.specification} · ${data.barcode.pattern}` },
              { label: t('dot'), value: data.barcode.dotCode ?? '-' },
              { label: t('batch'), value: data.barcode.batchCode ?? '-' },
              { label: t('dealer'), value: data.barcode.dealerName ?? '-' },
              { label: t('warehouse'), value: data.barcode.warehouseName ?? '-' },
              { label: t('location'), value: data.barcode.locationCode ?? '-' },
              { label: t('inboundAt'), value: data.barcode.inboundAt ? new Date(data.barcode.inboundAt).toLocaleString(i18n.language) : '-' },
            ]} />
          </Card>
          <Card title={t('moves')} extra={canExport && (
            <Button size="small" icon={<IconDownload />} loading={exporting} onClick={() => void exportTrace()} data-testid="trace-export">
              {exporting ? t('exporting') : t('kit.export')}
            </Button>
          )}>
            {data.timeline.length === 0 ? <Empty description={t('noMoves')} /> : (
              <Timeline data-testid="trace-timeline">
                {data.timeline.map((m) => (
                  <Timeline.Item key={m.id} label={new Date(m.movedAt).toLocaleString(i18n.language)} dotColor={m.kind === 'normal' ? (m.qty > 0 ? 'green' : 'orange') : 'gray'}>
                    <div className={`barcode-trace__move${m.kind === 'cancelled' ? ' barcode-trace__move--void' : ''}`}>
                      <Tag color={m.qty > 0 ? 'green' : 'orange'}>{m.qty > 0 ? '+1' : '−1'}</Tag>
                      <span>{orderTypeLabel(m.orderType, en ? 'en-US' : 'zh-CN')} · {m.orderNo}</span>
                      <span>{m.warehouseName}{m.locationCode ? ` / ${m.locationCode}` : ''}</span>
                      {m.kind === 'cancelled' && <Tag>{t('cancelled')}</Tag>}
                      {m.kind === 'correction' && <Tag color="purple">{t('correction')}</Tag>}
                    </div>
                    <Space className="barcode-trace__meta">
                      {m.userName && <span>{t('user')}: {m.userName}</span>}
                      {canCancel && m === data.timeline.find((x) => x.cancellable) && (
                        <Button size="mini" status="danger" type="text" icon={<IconUndo />} onClick={() => cancel(m)} data-testid="trace-cancel">{t('cancel')}</Button>
                      )}
                    </Space>
                  </Timeline.Item>
                ))}
              </Timeline>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
