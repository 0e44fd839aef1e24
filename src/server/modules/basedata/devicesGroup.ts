import type { RouteDef } from '../../http/route';
import type { Services } from '../../services';
import { deviceRoutes } from './devices';
import { mailRoutes } from './mail';
import { recordRoutes } from './records';

/** Devices and records: PDA devices, account sets, batches, pallets, scenes and mail. */
export function devicesRoutes(services: Services): RouteDef[] {
  return [...deviceRoutes(services), ...recordRoutes(services), ...mailRoutes(services)];
}
