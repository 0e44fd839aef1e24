import { describe, expect, it } from 'vitest';
import { shownFilters } from './shownFilters';

describe('shownFilters', () => {
  it("draws the bar's filters in the bar's order, whatever the definition's order", () => {
    expect(shownFilters(['brand', 'dealer', 'dimension', 'dateRange'], null)).toEqual(['dimension', 'dateRange', 'dealer', 'brand']);
  });

  it("offers a dealer's user no dealer filter", () => {
    expect(shownFilters(['dealer', 'warehouse'], 7)).toEqual(['warehouse']);
    expect(shownFilters(['dealer', 'warehouse'], undefined)).toEqual(['dealer', 'warehouse']);
  });

  it('leaves out the filters only report bars draw', () => {
    expect(shownFilters(['region', 'stockAge', 'dotAge', 'keyword'], null)).toEqual(['keyword']);
  });
});
