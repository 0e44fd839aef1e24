import { Progress, Tag } from '@arco-design/web-react';
import { ORDER_STATUS, orderTypeLabel, type OrderType } from '@shared/orders/orderTypes';
import { i18n } from '../../i18n';
import { DictLabel } from '../../kit/list/fields';
import { percent } from './scan/scanFeed';

/** An order type's name in the user's language (shared/orders/orderTypes.ts). */
export const typeLabel = (type: OrderType) => orderTypeLabel(type, i18n.language === 'en-US' ? 'en-US' : 'zh-CN');

const STATUS_COLOR: Record<string, string> = {
  [ORDER_STATUS.created]: 'arcoblue', [ORDER_STATUS.scanning]: 'orange', [ORDER_STATUS.completed]: 'green', [ORDER_STATUS.cancelled]: 'gray',
};

/** Dictionary order_status, one colour per status. */
export const StatusTag = ({ value }: { value: string }) => (
  <Tag size="small" color={STATUS_COLOR[value]} data-testid="order-status" data-status={value}><DictLabel type="order_status" value={value} /></Tag>
);

/** Uploaded / printed or not (dictionaries upload_status, print_status). */
export const FlagTag = ({ dict, value }: { dict: 'upload_status' | 'print_status'; value: string }) => (
  <Tag size="small" color={value === '1' ? 'green' : undefined} bordered={value !== '1'}><DictLabel type={dict} value={value} /></Tag>
);

/** "scanned / planned" with a small bar, green once the plan is reached; just the count where nothing is planned (a stocktake). */
export function QtyProgress({ scanned, planned, width = 96 }: { scanned: number; planned: number | null; width?: number }) {
  const done = !!planned && scanned >= planned;
  return (
    <div className="order-qty" data-testid="order-qty">
      <span className="order-qty__text">{planned ? `${scanned} / ${planned}` : scanned}</span>
      {planned ? (
        // The figures beside it say it: the bar is for the eye (an unnamed progress bar says nothing more).
        <span aria-hidden="true">
          <Progress percent={percent(scanned, planned)} showText={false} size="small" width={width} status={done ? 'success' : 'normal'} />
        </span>
      ) : null}
    </div>
  );
}
