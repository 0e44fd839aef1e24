import { proxy, subscribe } from 'valtio';
import { DEFAULT_SETTINGS, type Settings } from '@shared/settings';
import { SETTINGS_KEY, storedSettings } from './storedSettings';

export { SETTINGS_KEY };

/** Display settings (docs/product.md#entities): kept in local storage, and on the server once signed in. */
export const settings = proxy<Settings>(storedSettings());

subscribe(settings, () => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)));

export function applySettings(next: Partial<Settings>) {
  Object.assign(settings, next);
}

export function resetSettings() {
  Object.assign(settings, DEFAULT_SETTINGS);
}
