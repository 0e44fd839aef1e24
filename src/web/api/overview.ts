import type { Overview } from '@shared/api/overview';
import { api } from './http';

export const overviewApi = { get: () => api.post<Overview>('/home/overview') };
