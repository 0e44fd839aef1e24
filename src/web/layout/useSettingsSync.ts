import { useEffect } from 'react';
import { subscribe } from 'valtio';
import { sessionApi } from '../api/session';
import { settings } from '../stores/settings';

const SAVE_DELAY_MS = 800;

/** docs/product.md#calls: settings changes are sent to editCurrentUser as a JSON string. */
export function useSettingsSync() {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe(settings, () => {
      clearTimeout(timer);
      // A failed save was shown by the client; the local copy still holds the choice.
      timer = setTimeout(() => void sessionApi.editCurrentUser({ theme: JSON.stringify(settings) }).catch(() => undefined), SAVE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, []);
}
