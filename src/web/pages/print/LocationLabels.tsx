import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { LocationRow } from '@shared/api/basedata/warehousing';
import type { Page } from '@shared/api/paging';
import { MAX_PAGE_SIZE } from '@shared/api/pageSize';
import { api } from '../../api/http';
import { Barcode } from '../../kit/print/Barcode';
import { LabelSheets } from '../../kit/print/LabelSheets';
import { PrintLayout } from '../../kit/print/PrintLayout';
import { QrCode } from '../../kit/print/QrCode';
import { CardState, isMissing } from './CardState';
import { printNs } from './locale';

/** Every storage location of the warehouse, in code order, a page of the list call at a time. */
async function allLocations(warehouseId: number) {
  const rows: LocationRow[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const page = await api.post<Page<LocationRow>>('/basedata/storagelocation/selectByPage', {
      pageNum, pageSize: MAX_PAGE_SIZE, warehouseId, orderBy: [{ field: 'code', order: 'asc' }],
    });
    rows.push(...page.list);
    if (!page.list.length || rows.length >= page.total) return rows;
  }
}

function LocationLabel({ location: l }: { location: LocationRow }) {
  const { t } = useTranslation(printNs);
  return (
    <div className="label label--location" data-testid="location-label">
      <div className="label__body">
        <div className="label__code">{l.code}</div>
        <Barcode value={l.code} height="9mm" hideText />
        {l.name !== l.code && <div className="label__line">{l.name}</div>}
        <div className="label__line">{t('area')}: {l.storehouseCode} {l.storehouseName}</div>
        <div className="label__line">{t('capacity')}: {l.capacity}</div>
      </div>
      <QrCode value={l.code} size="20mm" />
    </div>
  );
}

/** /LocationReport?warehouseId=: a label for every storage location of a warehouse. */
export default function LocationLabels() {
  const { t } = useTranslation(printNs);
  const [params] = useSearchParams();
  const warehouseId = Number(params.get('warehouseId'));
  const valid = Number.isInteger(warehouseId) && warehouseId > 0;
  const query = useQuery({ queryKey: ['print-locations', warehouseId], queryFn: () => allLocations(warehouseId), enabled: valid });
  const rows = query.data;
  const problem = !valid ? t('missingWarehouse')
    : query.isError ? (isMissing(query.error) ? t('noLocations') : t('loadFailed', { message: query.error.message })) : null;
  const title = rows?.length ? `${t('locationLabels')} ${rows[0].warehouseName} · ${t('locationCount', { count: rows.length })}` : t('locationLabels');
  return (
    <PrintLayout title={title} ready={Boolean(rows?.length)}>
      {problem ? <CardState kind="error" text={problem} />
        : !rows ? <CardState kind="loading" />
        : !rows.length ? <CardState kind="empty" text={t('noLocations')} />
        : <LabelSheets items={rows} label={(l) => <LocationLabel key={l.id} location={l} />} />}
    </PrintLayout>
  );
}
