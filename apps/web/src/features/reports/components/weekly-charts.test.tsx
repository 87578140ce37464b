import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, sampleCharts } from '../test/reports-test-kit';
import WeeklyCharts, { chartDataOf, weekLabelOf } from './weekly-charts';

describe('WeeklyCharts', () => {
  it('labels the weeks DD.MM and turns kopecks into roubles', () => {
    expect(weekLabelOf('2026-05-04')).toBe('04.05');
    expect(chartDataOf(sampleCharts().weeks)).toEqual([
      { week: '27.04', newClients: 3, revenue: 150_000 },
      { week: '04.05', newClients: 1, revenue: 20_500.5 },
    ]);
  });

  it('draws both charts with their titles', () => {
    // jsdom lays nothing out, so recharts warns of a zero-sized chart; the test checks only what is drawn.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderInApp(<WeeklyCharts weeks={sampleCharts().weeks} />);
    expect(screen.getByText('Новые клиенты по неделям')).toBeTruthy();
    expect(screen.getByText('Оплачено по неделям, ₽')).toBeTruthy();
    warn.mockRestore();
  });
});
