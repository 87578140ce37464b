import { describe, expect, it } from 'vitest';
import { calendarDateField } from './dates.js';
import { endpoints } from './endpoints.js';

describe('calendarDateField', () => {
  it.each(['2000-01-01', '2026-02-28', '2028-02-29', '2100-12-31'])('takes %s', (day) => {
    expect(calendarDateField().safeParse(day).success).toBe(true);
  });

  it.each(['0000-01-01', '1999-12-31', '9999-12-31', '2101-01-01', '2026-02-30', '2027-02-29', '2026-13-01', '31.12.2026'])(
    'refuses %s',
    (day) => {
      expect(calendarDateField().safeParse(day).success).toBe(false);
    },
  );
});

describe('every date the API takes is in range', () => {
  it.each([
    ['reports', endpoints.reports.clients.query, { from: '0000-01-01' }],
    ['report charts', endpoints.reports.clientsCharts.query, { to: '9999-12-31' }],
    ['payments', endpoints.payments.list.query, { from: '9999-12-31' }],
    ['payments export', endpoints.payments.export.query, { from: '0000-01-01', to: '2026-01-01' }],
    ['telegram statistics', endpoints.telegram.statistics.query, { from: '0000-01-01' }],
    ['a purchase deadline', endpoints.purchases.create.body, { title: 'А', paymentDeadline: '9999-12-31' }],
    ['a price list', endpoints.delivery.savePriceList.body, { appliesFrom: '2026-02-30', tariffs: [] }],
    ['a post', endpoints.telegram.createPost.body, { text: 'А', sendAt: '0000-01-01T10:00' }],
    ['a post repeat', endpoints.telegram.createPost.body, { text: 'А', sendAt: '2030-01-01T10:00', repeatUntil: '9999-12-31' }],
  ])('%s', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(false);
  });
});
