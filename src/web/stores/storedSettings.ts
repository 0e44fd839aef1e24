import { parseSettings, type Settings } from '@shared/settings';

/** Where the display settings are kept in local storage (docs/product.md#entities). */
export const SETTINGS_KEY = 'settings';

/** The stored display settings; apart from the store (valtio), for the page's first script too. */
export const storedSettings = (): Settings => parseSettings(localStorage.getItem(SETTINGS_KEY));
