// The theme's breakpoints (SPEC §9) as media queries for makeStyles.
export const BREAKPOINTS = { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const;

export const atLeast = (width: keyof typeof BREAKPOINTS) => `@media (min-width: ${BREAKPOINTS[width]}px)`;

/** Below `sm`: the phone layout (issue 35). */
export const PHONE_MEDIA = `@media (max-width: ${BREAKPOINTS.sm - 0.02}px)`;
