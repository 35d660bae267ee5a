import { PHONE_MEDIA } from '../breakpoints.ts';
import { useSyncExternalStore } from 'react';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? true,
  );
}

/** Below the theme's `sm` breakpoint (600 px): the phone layout (issue 35). */
export const PHONE_QUERY = PHONE_MEDIA.replace('@media ', '');
export const usePhoneLayout = () => useMediaQuery(PHONE_QUERY);
