import { proxy, subscribe } from 'valtio';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from '@shared/settings';

export const SETTINGS_KEY = 'settings';

/** Display settings (spec section 3): kept in local storage, and on the server once signed in. */
export const settings = proxy<Settings>(parseSettings(localStorage.getItem(SETTINGS_KEY)));

subscribe(settings, () => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)));

export function applySettings(next: Partial<Settings>) {
  Object.assign(settings, next);
}

export function resetSettings() {
  Object.assign(settings, DEFAULT_SETTINGS);
}
