import { createTheme } from '@mantine/core';

export const TOOLTIP_FADE_IN_MS = 250;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above the 4.5:1 contrast that accessibility checks ask for.
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Tooltip: { defaultProps: { transitionProps: { transition: 'fade', duration: TOOLTIP_FADE_IN_MS } } },
  },
});
