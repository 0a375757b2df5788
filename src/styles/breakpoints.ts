/** Breakpoints in px; the media queries of theme.css.ts are built from these so they stay in step. Plain, so the inline scripts of src/boot/ can read them too. */
export const breakpoints = { small: 560, medium: 768, large: 1200, wide: 1600 } as const;
