import type { Translation } from '../../catalogue.ts';
import type { analytics as english } from '../en/analytics.ts';

export const analytics = {
  'analytics.title': 'विश्लेषण (जल्द आ रहा है)',
  'analytics.label': 'विश्लेषण',
  'analytics.loading': 'विश्लेषण लोड हो रहा है',
} as const satisfies Translation<typeof english>;
