import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT } from '../config';

const query = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;

/** True when the page is narrower than 992 px (spec 1 §9 mobile breakpoint). */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (cb) => {
      const mq = window.matchMedia(query);
      mq.addEventListener?.('change', cb);
      window.addEventListener('resize', cb);
      return () => {
        mq.removeEventListener?.('change', cb);
        window.removeEventListener('resize', cb);
      };
    },
    () => window.matchMedia(query).matches || window.innerWidth < MOBILE_BREAKPOINT,
    () => false,
  );
}
