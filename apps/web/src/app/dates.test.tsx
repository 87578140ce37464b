import { MantineProvider } from '@mantine/core';
import { Calendar, DatesProvider } from '@mantine/dates';
import { render, screen } from '@testing-library/react';
import 'dayjs/locale/ru';
import { describe, expect, it } from 'vitest';
import { theme, TOOLTIP_FADE_IN_MS } from './theme';

describe('calendar settings', () => {
  it('starts the week on Monday with Russian names', () => {
    render(
      <MantineProvider theme={theme}>
        <DatesProvider settings={{ locale: 'ru', firstDayOfWeek: 1 }}>
          <Calendar defaultDate="2026-11-01" />
        </DatesProvider>
      </MantineProvider>,
    );
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс']);
    expect(screen.getByText(/ноябрь 2026/i)).toBeTruthy();
  });
});

describe('theme', () => {
  it('fades tooltips in over 250 ms', () => {
    expect(TOOLTIP_FADE_IN_MS).toBe(250);
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ transitionProps: { transition: 'fade', duration: 250 } });
  });
});
