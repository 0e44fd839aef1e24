import { useQuery } from '@tanstack/react-query';
import type { WarehousingOptions } from '@shared/api/basedata/warehousing';
import { api } from '../../api/http';

/**
 * Choices of the warehousing pages' selects within the user's scope; areas and locations of one warehouse when given.
 * Never fresh for long: a dealer or area added on one page must show in the next page's selects.
 */
export function useWarehousingOptions(warehouseId?: number | null) {
  return useQuery({
    queryKey: ['warehousing-options', warehouseId ?? null],
    queryFn: () => api.post<WarehousingOptions>('/basedata/warehousing/options', warehouseId ? { warehouseId } : {}),
    staleTime: 0,
  });
}

/** Labels every warehousing page shares, spread into each page's own locale. */
export const commonLabels = {
  'zh-CN': {
    code: '编码', name: '名称', warehouse: '仓库', area: '库区', dealer: '经销商', keyword: '关键字', contact: '联系人', phone: '联系电话',
    address: '地址', pickWarehouse: '请选择仓库', capacity: '容量',
  },
  'en-US': {
    code: 'Code', name: 'Name', warehouse: 'Warehouse', area: 'Area', dealer: 'Dealer', keyword: 'Keyword', contact: 'Contact', phone: 'Phone',
    address: 'Address', pickWarehouse: 'Please select a warehouse', capacity: 'Capacity',
  },
};
