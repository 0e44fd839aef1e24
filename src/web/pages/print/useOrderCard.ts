import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { orderBase, type OrderDetail } from '@shared/api/orders';
import { ORDER_PAGES, orderPerm, type OrderPage } from '@shared/orders/orderTypes';
import { isKeyOf } from '@shared/must';
import { api } from '../../api/http';
import { announceOrderChange } from '../../api/orderChanges';
import { usePermission } from '../../kit/usePermission';

/**
 * The order a card prints: `?id=12&page=PRorder`. The order pages open cards with their own
 * page name, which is also the path (and permission) of the detail and markPrinted calls.
 * Printing marks the order printed only for users who hold the page's print button.
 */
export function useOrderCard() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const asked = params.get('page') ?? 'PRorder';
  const known = isKeyOf(ORDER_PAGES, asked);
  // An unknown page prints nothing: its query never runs, and nothing is marked.
  const page: OrderPage = known ? asked : 'PRorder';
  const valid = Number.isInteger(id) && id > 0 && known;
  const base = orderBase(page);
  const mayPrint = usePermission(`${orderPerm(page)}:print`).allowed;
  const mayMark = known && mayPrint;
  const query = useQuery({
    queryKey: ['print-order', asked, id],
    queryFn: () => api.post<OrderDetail>(`${base}/detail`, { id }),
    enabled: valid,
  });
  const markPrinted = mayMark ? () => api.post(`${base}/markPrinted`, { ids: [id] }).then(
    () => announceOrderChange({ page, id }),
    () => {
      // The client told the user why; the order stays unprinted and can be printed again.
    },
  ) : undefined;
  return { valid, query, markPrinted };
}
