import { useEffect } from 'react';
import { MOBILE_BREAKPOINT, setDevice } from '../stores/app';

/** Follows the window width: below 992 px the console is in mobile mode (docs/product.md#routes-and-screens). */
export function useDeviceEffect() {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT - 0.02}px)`);
    const update = () => setDevice(query.matches ? 'mobile' : 'desktop');
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
}
