import type { OrderType } from '../../../shared/orders/orderTypes';
import { getOrThrow } from '../../../shared/must';

/**
 * Stock history simulated in memory, day by day and warehouse by warehouse, following the
 * order effects of docs/stock-model.md: maker deliveries register pending tyres that a PR/PB
 * receipt takes in a day or three later, WL/WC sales take tyres out, LR returns bring sold
 * tyres back, TR transfers move tyres to the dealer's other warehouse, and an occasional
 * stocktake (IV) with its loss/overflow order (DO) corrects the books. A tyre moves at most
 * once a day, so the order of a day's orders never matters for consistency.
 * `history.ts` writes the result with bulk inserts.
 */

export interface Place {
  id: number;
  dealerId: number | null;
  /** Storage locations; inbound tyres go to one of them when the warehouse has any. */
  locations: number[];
  /** Warehouses it transfers to: the dealer's other warehouses, or the other central ones. */
  peers: number[];
  userId: number | null;
}

export interface Plan {
  /** Days before `today` that the history covers (the day before today is the last). */
  days: number;
  /** Tyres delivered over the whole history (approximate). */
  tyres: number;
  /** Ledger rows aimed at (approximate); transfers fill what receipts, sales and returns leave. */
  moves: number;
  places: Place[];
  materials: number[];
  today: Date;
  seed: number;
}

export const TYRE_PENDING = 0;
export const TYRE_IN = 1;
export const TYRE_OUT = 2;

/** Columnar rows; a `0` id stands for NULL, times are epoch milliseconds (NaN for NULL). */
export interface History {
  tyres: { material: number[]; dot: string[]; status: number[]; dealer: number[]; warehouse: number[]; location: number[]; inboundAt: number[]; createdAt: number[]; updatedAt: number[]; lastOrder: number[] };
  orders: { type: OrderType[]; status: string[]; warehouse: number[]; target: number[]; dealer: number[]; counterparty: (string | null)[]; externalNo: (string | null)[]; source: string[]; stocktake: number[]; user: number[]; createdAt: number[]; completedAt: number[] };
  lines: { order: number[]; material: number[]; planned: number[]; scanned: number[]; adjustKind: (string | null)[] };
  scans: { order: number[]; line: number[]; tyre: number[]; location: number[]; adjustKind: (string | null)[]; scannedAt: number[] };
  moves: { tyre: number[]; order: number[]; qty: number[]; dealer: number[]; warehouse: number[]; location: number[] };
}

const DAY = 86_400_000;
const MAKER = '恒峰轮胎销售公司';
const FACTORY = '本厂生产线';
const CUSTOMERS = ['城东汽修中心', '顺风物流车队', '安途快修连锁', '宏达出租汽车公司', '个人客户', '路安汽车美容店', '鑫盛货运公司', '蓝天驾校'];
/** Sales come in sets: one, a pair, an axle, a car, a truck. */
const SALE_SIZES = [1, 2, 2, 4, 4, 4, 6, 10];
const WEEKDAY = [0.35, 1.05, 1, 1, 1, 1.1, 0.7];
/** Days a tyre stays in a dealer's stock on average (central warehouses turn twice as fast). */
const DWELL = 40;
const STOCKTAKE_EVERY = 120;
const OPENING_DAYS = 40;

/** mulberry32: the same seed gives the same history. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * DOT code WWYY of a production day (docs/product.md#glossary) in ISO weeks. Makers that number
 * the last days of December as week 53 of the old year print 53YY where ISO says 01 of the
 * next; half the tyres made then carry that code, so both edges occur.
 */
export function dotOf(day: Date, lastWeekAs53: boolean): string {
  const t = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate()));
  const thursday = new Date(t.getTime() + (3 - ((t.getUTCDay() + 6) % 7)) * DAY);
  const isoYear = thursday.getUTCFullYear();
  let week = 1 + Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * DAY));
  let year = isoYear;
  if (lastWeekAs53 && week === 1 && t.getUTCMonth() === 11) {
    week = 53;
    year = t.getUTCFullYear();
  }
  return `${String(week).padStart(2, '0')}${String(year % 100).padStart(2, '0')}`;
}

/** Demand of a day: weekday, tyre season (peak in early December) and a year of growth. */
function demand(date: Date, progress: number): number {
  const doy = (date.getTime() - new Date(date.getFullYear(), 0, 1).getTime()) / DAY;
  return WEEKDAY[date.getDay()] * (1 + 0.3 * Math.sin((2 * Math.PI * (doy - 250)) / 365)) * (0.85 + 0.3 * progress);
}

export function simulate(plan: Plan): History {
  const rnd = random(plan.seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(list: T[]) => list[int(list.length)];
  const h: History = {
    tyres: { material: [], dot: [], status: [], dealer: [], warehouse: [], location: [], inboundAt: [], createdAt: [], updatedAt: [], lastOrder: [] },
    orders: { type: [], status: [], warehouse: [], target: [], dealer: [], counterparty: [], externalNo: [], source: [], stocktake: [], user: [], createdAt: [], completedAt: [] },
    lines: { order: [], material: [], planned: [], scanned: [], adjustKind: [] },
    scans: { order: [], line: [], tyre: [], location: [], adjustKind: [], scannedAt: [] },
    moves: { tyre: [], order: [], qty: [], dealer: [], warehouse: [], location: [] },
  };
  const { tyres: T, orders: O, lines: L, scans: S, moves: M } = h;
  const start = new Date(plan.today.getFullYear(), plan.today.getMonth(), plan.today.getDate() - plan.days);
  const dateOf = (d: number) => new Date(start.getFullYear(), start.getMonth(), start.getDate() + d);
  const oldestDot = new Date(plan.today.getFullYear() - 3, plan.today.getMonth(), plan.today.getDate() + 7).getTime();
  /** A moment of day d between `from` and `to` hours. */
  const at = (d: number, from: number, to: number) => dateOf(d).getTime() + (from + rnd() * (to - from)) * 3_600_000;

  const byId = new Map(plan.places.map((p) => [p.id, p]));
  const weight = (p: Place) => (p.dealerId === null ? 6 : 1);
  const totalWeight = plan.places.reduce((s, p) => s + weight(p), 0);
  const demandSum = Array.from({ length: plan.days }, (_, d) => demand(dateOf(d), d / plan.days)).reduce((a, b) => a + b, 0);
  const daily = plan.tyres / totalWeight / (demandSum + OPENING_DAYS);
  const peerShare = plan.places.filter((p) => p.peers.length).reduce((s, p) => s + weight(p), 0) / totalWeight;
  const baseMoves = 1 + Math.max(0, 1 - DWELL / plan.days) + 0.06;
  const transferRate = peerShare ? Math.max(0, plan.moves / plan.tyres - baseMoves) / (2 * DWELL * peerShare) : 0;

  interface Stock {
    place: Place;
    assortment: number[];
    stock: number[];
    sold: number[];
    lost: number[];
    due: Map<number, number[]>;
    shipped: Map<number, number[]>;
    acc: { receive: number; sell: number; ret: number; transfer: number };
  }
  const stocks = new Map<number, Stock>(plan.places.map((p) => {
    // Each warehouse stocks part of the range, the first (best-selling) materials most often.
    const size = Math.min(plan.materials.length, p.dealerId === null ? 60 : 12 + int(28));
    const assortment = new Set<number>();
    while (assortment.size < size) assortment.add(plan.materials[Math.floor(plan.materials.length * rnd() ** 2)]);
    return [p.id, { place: p, assortment: [...assortment], stock: [], sold: [], lost: [], due: new Map(), shipped: new Map(), acc: { receive: 0, sell: 0, ret: 0, transfer: 0 } }];
  }));
  const lastDay: number[] = [];
  /** Lines of the orders being written, by material and adjust kind. */
  const open = new Map<number, Map<number, number>>();

  function order(type: OrderType, p: Place, createdAt: number, completedAt: number, extra: { target?: number; counterparty?: string | null; externalNo?: string | null; stocktake?: number } = {}) {
    const i = O.type.length;
    O.type.push(type);
    O.status.push(Number.isNaN(completedAt) ? '0' : '2');
    O.warehouse.push(p.id);
    O.target.push(extra.target ?? 0);
    O.dealer.push(p.dealerId ?? 0);
    O.counterparty.push(extra.counterparty ?? null);
    O.externalNo.push(extra.externalNo ?? null);
    O.source.push(p.dealerId !== null && rnd() < 0.4 ? 'PDA' : 'WEB');
    O.stocktake.push(extra.stocktake ?? -1);
    O.user.push(p.userId ?? 0);
    O.createdAt.push(createdAt);
    O.completedAt.push(completedAt);
    open.set(i, new Map());
    return i;
  }
  function line(o: number, material: number, adjustKind: string | null, planned: boolean) {
    const key = material * 2 + (adjustKind === 'overflow' ? 1 : 0);
    const lines = getOrThrow(open, o, 'open order');
    let l = lines.get(key);
    if (l === undefined) {
      l = L.order.length;
      L.order.push(o);
      L.material.push(material);
      L.planned.push(0);
      L.scanned.push(0);
      L.adjustKind.push(adjustKind);
      lines.set(key, l);
    }
    if (planned) L.planned[l] += 1;
    return l;
  }
  /** A scan on a completed order; the order's lines grow with it unless it is a stocktake. */
  function scan(o: number, tyre: number, location: number, adjustKind: string | null = null) {
    let l = -1;
    if (O.type[o] !== 'IV') {
      l = line(o, T.material[tyre], adjustKind, O.type[o] !== 'PR' && O.type[o] !== 'PB');
      L.scanned[l] += 1;
    }
    S.order.push(o);
    S.line.push(l);
    S.tyre.push(tyre);
    S.location.push(location);
    S.adjustKind.push(adjustKind);
    S.scannedAt.push(O.completedAt[o] - (1 + rnd() * 20) * 60_000);
  }
  function move(o: number, tyre: number, qty: 1 | -1, p: Place, location: number) {
    M.tyre.push(tyre);
    M.order.push(o);
    M.qty.push(qty);
    M.dealer.push(p.dealerId ?? 0);
    M.warehouse.push(p.id);
    M.location.push(location);
  }
  const locationIn = (p: Place) => (p.locations.length ? pick(p.locations) : 0);
  function into(o: number, tyre: number, p: Place, location: number, inbound: boolean, d: number) {
    move(o, tyre, 1, p, location);
    T.status[tyre] = TYRE_IN;
    T.dealer[tyre] = p.dealerId ?? 0;
    T.warehouse[tyre] = p.id;
    T.location[tyre] = location;
    if (inbound) T.inboundAt[tyre] = O.completedAt[o];
    T.updatedAt[tyre] = O.completedAt[o];
    T.lastOrder[tyre] = o;
    lastDay[tyre] = d;
    getOrThrow(stocks, p.id, 'stock of warehouse').stock.push(tyre);
  }
  function outOf(o: number, tyre: number, d: number) {
    const p = getOrThrow(byId, T.warehouse[tyre], 'warehouse');
    move(o, tyre, -1, p, T.location[tyre]);
    T.status[tyre] = TYRE_OUT;
    T.location[tyre] = 0;
    T.updatedAt[tyre] = O.completedAt[o];
    T.lastOrder[tyre] = o;
    lastDay[tyre] = d;
  }
  /** Takes a tyre that has not moved today out of a list (swap-remove), or none after a few tries. */
  function take(list: number[], d: number, ok: (t: number) => boolean = () => true): number {
    for (let tries = 0; tries < 8 && list.length; tries++) {
      const i = int(list.length);
      const t = list[i];
      if (lastDay[t] === d || !ok(t)) continue;
      list[i] = list[list.length - 1];
      list.pop();
      return t;
    }
    return -1;
  }
  const draw = (acc: Record<string, number>, key: string, expected: number) => {
    acc[key] += expected;
    const n = Math.floor(acc[key]);
    acc[key] -= n;
    return n;
  };
  /** Takes up to `count` tyres for an order made at the first one (no tyre, no order). */
  function fill(count: number, list: number[], d: number, make: () => number, each: (o: number, t: number) => void, ok?: (t: number) => boolean) {
    let o = -1;
    for (let k = 0; k < count; k++) {
      const t = take(list, d, ok);
      if (t < 0) break;
      if (o < 0) o = make();
      each(o, t);
    }
    if (o >= 0) open.delete(o);
  }

  function deliver(s: Stock, d: number, qty: number) {
    const p = s.place;
    const shipAt = at(d, 7, 8.5);
    const receiveDay = p.dealerId === null ? d : d + 1 + int(3);
    const done = receiveDay < plan.days;
    const o = order(p.dealerId === null || rnd() < 0.8 ? 'PR' : 'PB', p, shipAt, done ? at(receiveDay, 9, 16.5) : NaN, {
      counterparty: p.dealerId === null ? FACTORY : MAKER, externalNo: `DN${String(O.type.length + 1).padStart(8, '0')}`,
    });
    const kinds = Array.from({ length: 1 + int(Math.min(4, qty)) }, () => pick(s.assortment));
    const codes: number[] = [];
    for (let k = 0; k < qty; k++) {
      const material = kinds[k % kinds.length];
      const age = p.dealerId === null ? 3 + rnd() * 60 : 20 + rnd() ** 2 * 900;
      const made = new Date(Math.max(oldestDot, shipAt - age * DAY));
      const t = T.material.length;
      T.material.push(material);
      T.dot.push(dotOf(made, rnd() < 0.5));
      T.status.push(TYRE_PENDING);
      T.dealer.push(p.dealerId ?? 0);
      T.warehouse.push(0);
      T.location.push(0);
      T.inboundAt.push(NaN);
      T.createdAt.push(shipAt);
      T.updatedAt.push(shipAt);
      T.lastOrder.push(-1);
      lastDay.push(-1);
      line(o, material, null, true);
      codes.push(t);
    }
    if (done) s.due.set(receiveDay, [...(s.due.get(receiveDay) ?? []), o]);
    s.shipped.set(o, codes);
  }

  function stocktake(s: Stock, d: number) {
    const p = s.place;
    const counted = new Set(s.stock);
    const losses: number[] = [];
    for (let k = int(3); k > 0; k--) {
      const t = take(s.stock, d);
      if (t >= 0) losses.push(t);
    }
    for (const t of losses) counted.delete(t);
    // A tyre lost at an earlier count may turn up again (overflow).
    const found = s.lost.length && rnd() < 0.5 ? [take(s.lost, d)].filter((t) => t >= 0) : [];
    const foundAt = found.map(() => locationIn(p));
    const iv = order('IV', p, at(d, 16.5, 16.9), at(d, 17, 17.4));
    for (const t of counted) scan(iv, t, T.location[t]);
    found.forEach((t, k) => scan(iv, t, foundAt[k]));
    open.delete(iv);
    if (!losses.length && !found.length) return;
    const adjust = order('DO', p, O.completedAt[iv], at(d, 17.5, 17.9), { stocktake: iv });
    for (const t of losses) {
      scan(adjust, t, T.location[t], 'loss');
      outOf(adjust, t, d);
      s.lost.push(t);
    }
    found.forEach((t, k) => {
      scan(adjust, t, foundAt[k], 'overflow');
      into(adjust, t, p, foundAt[k], true, d);
    });
    open.delete(adjust);
  }

  for (let d = 0; d < plan.days; d++) {
    const date = dateOf(d);
    const f = demand(date, d / plan.days);
    for (const s of stocks.values()) {
      const p = s.place;
      // The maker ships on working days; a dealer takes a delivery every few days.
      const expected = daily * weight(p) * (f + (d === 0 ? OPENING_DAYS : 0));
      s.acc.receive += expected;
      if (date.getDay() !== 0 && (d === 0 || p.dealerId === null || rnd() < 0.35) && s.acc.receive >= 1) {
        const qty = Math.floor(s.acc.receive);
        s.acc.receive -= qty;
        deliver(s, d, qty);
      }
      for (const o of s.due.get(d) ?? []) {
        for (const t of getOrThrow(s.shipped, o, 'shipped order')) {
          const location = locationIn(p);
          scan(o, t, location);
          into(o, t, p, location, true, d);
        }
        s.shipped.delete(o);
        open.delete(o);
      }
      s.due.delete(d);

      const sales = draw(s.acc, 'sell', (s.stock.length * f * (p.dealerId === null ? 2 : 1)) / DWELL);
      for (let left = sales; left > 0;) {
        const size = Math.min(left, p.dealerId === null ? 20 + int(40) : pick(SALE_SIZES));
        left -= size;
        const done = at(d, 8.5, 16.5);
        fill(size, s.stock, d, () => order(rnd() < 0.8 ? 'WL' : 'WC', p, done - (5 + rnd() * 55) * 60_000, done, { counterparty: p.dealerId === null ? MAKER : pick(CUSTOMERS) }), (o, t) => {
          scan(o, t, T.location[t]);
          outOf(o, t, d);
          if (p.dealerId !== null) s.sold.push(t);
        });
      }
      if (s.sold.length > 2000) s.sold.splice(0, 1000);

      const returns = p.dealerId === null ? 0 : draw(s.acc, 'ret', sales * 0.03);
      const returnedAt = at(d, 8.5, 16.5);
      fill(returns, s.sold, d, () => order('LR', p, returnedAt - 30 * 60_000, returnedAt, { counterparty: pick(CUSTOMERS) }), (o, t) => {
        const location = locationIn(p);
        scan(o, t, location);
        into(o, t, p, location, true, d);
      }, (t) => T.status[t] === TYRE_OUT && T.warehouse[t] === p.id);

      const transfers = p.peers.length ? draw(s.acc, 'transfer', s.stock.length * transferRate * f) : 0;
      const target = transfers ? getOrThrow(byId, pick(p.peers), 'warehouse') : p;
      const movedAt = at(d, 9, 16);
      fill(transfers, s.stock, d, () => order('TR', p, movedAt - 60 * 60_000, movedAt, { target: target.id }), (o, t) => {
        scan(o, t, T.location[t]);
        outOf(o, t, d);
        // A transfer keeps the tyre's inbound date: its stock age goes on counting.
        into(o, t, target, 0, false, d);
      });
    }
    for (const [i, s] of [...stocks.values()].entries()) {
      if (d > 0 && (d + i * 17) % STOCKTAKE_EVERY === STOCKTAKE_EVERY - 1) stocktake(s, d);
    }
  }
  return h;
}
