import type { Translation } from '../../catalogue.ts';
import type { analytics as english } from '../en/analytics.ts';

export const analytics = {
  'analytics.title': 'বিশ্লেষণ (অতি সোনকালে)',
  'analytics.label': 'বিশ্লেষণ',
  'analytics.loading': 'বিশ্লেষণ ল’ড হৈ আছে',
} as const satisfies Translation<typeof english>;
