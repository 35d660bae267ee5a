// The Analytics view, a placeholder until its figures come.
export const analytics = {
  'analytics.title': 'Analytics (coming soon)',
  'analytics.label': 'Analytics',
  'analytics.loading': 'Analytics loading',
} as const;
