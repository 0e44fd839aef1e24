import { describe, expect, it } from 'vitest';
import { ORDER_PAGES, ORDER_TYPE_CODES, pageOfType, type OrderType } from '@shared/orders/orderTypes';
import { cardsFor, orderCardHref, ORDER_CARDS } from './orderCards';

const keys = (orderType: OrderType, scannedQty = 0) => cardsFor({ orderType, scannedQty }).map((c) => c.key);

describe('order print cards', () => {
  it('offers the transfer card to transfers only and the picking list to orders that take tyres out', () => {
    expect(keys('TR')).toEqual(['card', 'copy', 'transfer', 'picking']);
    expect(keys('WL')).toEqual(['card', 'copy', 'picking']);
    expect(keys('PR')).toEqual(['card', 'copy']);
    expect(keys('LR')).toEqual(['card', 'copy']);
  });

  it('offers barcode labels once something was scanned', () => {
    expect(keys('PR', 3)).toContain('labels');
    expect(keys('PR', 0)).not.toContain('labels');
  });

  it("names the order's own page in every card address, for every order type", () => {
    for (const type of ORDER_TYPE_CODES) {
      const page = pageOfType(type);
      expect((ORDER_PAGES[page] as readonly string[]).includes(type)).toBe(true);
      for (const card of ORDER_CARDS) expect(orderCardHref(card, page, 7)).toBe(`#/${card.path}?id=7&page=${page}`);
    }
  });
});
