import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import StatisticsCharts, { dayLabelOf, messagesDataOf, subscribersDataOf } from './statistics-charts';
import { renderInApp, sampleStatistics } from '../test/telegram-test-kit';

describe('StatisticsCharts', () => {
  it('labels the days DD.MM', () => {
    expect(dayLabelOf('2026-11-04')).toBe('04.11');
    const { days, subscribers } = sampleStatistics();
    expect(messagesDataOf(days)).toEqual([
      { day: '20.11', sent: 118, failed: 2 },
      { day: '22.11', sent: 10, failed: 0 },
    ]);
    expect(subscribersDataOf(subscribers)).toEqual([
      { day: '20.11', linked: 120, blocked: 3 },
      { day: '22.11', linked: 125, blocked: 4 },
    ]);
  });

  it('draws both charts with their titles', () => {
    // jsdom lays nothing out, so recharts warns of a zero-sized chart; the test checks only what is drawn.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { days, subscribers } = sampleStatistics();
    renderInApp(<StatisticsCharts days={days} subscribers={subscribers} />);
    expect(screen.getByText('Сообщения по дням')).toBeTruthy();
    expect(screen.getByText('Подписчики бота')).toBeTruthy();
    warn.mockRestore();
  });
});
