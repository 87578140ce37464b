import { type CSSVariablesResolver, createTheme } from '@mantine/core';

export const TOOLTIP_FADE_IN_MS = 250;

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white button text above the 4.5:1 contrast that accessibility checks ask for.
  primaryShade: { light: 7, dark: 5 },
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Tooltip: { defaultProps: { transitionProps: { transition: 'fade', duration: TOOLTIP_FADE_IN_MS } } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // A status badge never gives way to its neighbours: «Сбор заказов» must read in full.
    Badge: { styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } },
    // A table that scrolls sideways on a narrow screen must scroll from the keyboard too (WCAG 2.1.1).
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // Mantine's own labels are English («PinInput», «Toggle password visibility»); a screen reader
    // reads them to a Russian user. The eye button's label does not say «пароль», so the field's own
    // label («Пароль») names one element only.
    PinInput: { defaultProps: { ariaLabel: 'Цифра кода' } },
    // A date field's empty text («За всё время») is real text, not a field's placeholder: it needs text's contrast.
    InputPlaceholder: { styles: { placeholder: { color: 'var(--mantine-color-dimmed)' } } },
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Показать или скрыть символы' } } },
  },
});

/** Secondary text and links dark enough for the 4.5:1 contrast of WCAG AA on white and light grey. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.indigo[8],
  },
  dark: {},
});
