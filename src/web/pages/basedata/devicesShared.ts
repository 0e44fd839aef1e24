import { useQuery } from '@tanstack/react-query';
import type { DeviceOptions } from '@shared/api/basedata/devices';
import { api } from '../../api/http';

/** Dealers, warehouses and materials a devices-and-records form chooses from, from the page's own options call. */
export function useDeviceOptions(base: string) {
  return useQuery({
    queryKey: ['device-options', base],
    queryFn: () => api.post<DeviceOptions>(`${base}/options`, {}),
    staleTime: 30_000,
  });
}

const pad = (n: number) => String(n).padStart(2, '0');
/** Spec section 9: 'year-month-day hours:minutes:seconds'. */
export const stamp = (iso: string | null | undefined) => {
  if (!iso) return '-';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/** Labels the devices-and-records pages share, spread into each page's own locale. */
export const deviceLabels = {
  'zh-CN': {
    code: '编码', name: '名称', dealer: '经销商', warehouse: '仓库', keyword: '关键字', remark: '备注', material: '物料', none: '无',
  },
  'en-US': {
    code: 'Code', name: 'Name', dealer: 'Dealer', warehouse: 'Warehouse', keyword: 'Keyword', remark: 'Remark', material: 'Material', none: 'None',
  },
};
