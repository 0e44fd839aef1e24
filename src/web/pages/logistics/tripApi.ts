import type { AssignBody, AssignOptions, Reconciliation, Trip } from '@shared/api/dispatch';
import { CAR_REQUEST_API } from '@shared/api/dispatchPaths';
import type { CarRequestStatus, DispatchAction } from '@shared/logistics/dispatch';
import { api } from '../../api/http';

type Moved = { id: number; status: CarRequestStatus };

/** The dispatch calls (src/server/modules/logistics/carRequests.ts), typed from src/shared/api/dispatch.ts. */
export const tripApi = {
  trip: (id: number) => api.post<Trip>(`${CAR_REQUEST_API}/trip`, { id }),
  assignOptions: () => api.post<AssignOptions>(`${CAR_REQUEST_API}/assignOptions`, {}),
  assign: (body: AssignBody) => api.post<Moved>(`${CAR_REQUEST_API}/assign`, body),
  move: (action: Exclude<DispatchAction, 'assign'>, id: number, note?: string) => api.post<Moved>(`${CAR_REQUEST_API}/${action}`, { id, note }),
  stop: (id: number, seq: number, arrivedAt?: string) => api.post<Moved>(`${CAR_REQUEST_API}/stop`, { id, seq, arrivedAt }),
  reconcile: (body: { dateFrom?: string; dateTo?: string; differencesOnly?: boolean }) => api.post<Reconciliation>('/logistics/fees/reconcile', body),
};

/** The cache keys of trips: all of them, and one; and the car request list every logistics page shows (ManifestList's id). */
export const TRIPS_KEY = ['trip'];
export const tripKey = (id: number) => [...TRIPS_KEY, id];
export const REQUEST_LIST_ID = 'page-ordermanage:carrequest';
