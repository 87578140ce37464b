import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BonusUploadPreview } from '@vmeste/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, sampleUploadRow, SPACE, stubApi, uuid } from '../test/bonus-test-kit';
import { BonusUploadPanel, UPLOAD_FORMAT_TEXT } from './bonus-upload-panel';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));
const notifications = vi.hoisted(() => ({ show: vi.fn() }));
vi.mock('@mantine/notifications', () => ({ notifications }));

afterEach(() => {
  vi.unstubAllGlobals();
  notifications.show.mockClear();
});

const file = new File(['79001234567;150;Конкурс'], 'начисления.csv', { type: 'text/csv' });

function preview(overrides: Partial<BonusUploadPreview> = {}): BonusUploadPreview {
  return {
    fileName: file.name,
    rows: [sampleUploadRow()],
    validCount: 1,
    errorCount: 0,
    duplicateCount: 0,
    creditKopecks: 15_000,
    debitKopecks: 0,
    alreadyApplied: null,
    ...overrides,
  };
}

function pickAndCheck() {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: 'Проверить' }));
}

const applyButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Применить' });

describe('BonusUploadPanel', () => {
  it('shows every row with its error in red and does not let a file with errors be applied', async () => {
    const calls = stubApi(({ method, path }) =>
      method === 'POST' && path === '/bonus/uploads/preview'
        ? {
            body: preview({
              rows: [
                sampleUploadRow(),
                sampleUploadRow({
                  line: 3,
                  phone: '7900',
                  clientName: null,
                  amountKopecks: -5_000,
                  comment: '',
                  error: 'Телефон «7900» указан неверно',
                }),
                sampleUploadRow({ line: 4, phone: '79007654321', clientName: null, amountKopecks: null, error: 'Не указана сумма' }),
              ],
              validCount: 1,
              errorCount: 2,
              creditKopecks: 15_000,
              debitKopecks: 5_000,
            }),
          }
        : undefined,
    );
    renderInApp(<BonusUploadPanel />, { path: '/admin/bonus/hand-calculation' });
    expect(screen.getByTestId('upload-format').textContent).toContain(UPLOAD_FORMAT_TEXT);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Проверить' }).disabled).toBe(true);

    pickAndCheck();
    const shown = await screen.findByTestId('upload-preview');
    expect(calls.find((c) => c.path === '/bonus/uploads/preview')!.body).toBeInstanceOf(FormData);
    expect(within(shown).getByTestId('upload-summary').textContent).toMatch(
      new RegExp(`^В файле 3 строки, с ошибками — 2\\. Начислить 150,00${SPACE}₽, списать 50,00${SPACE}₽\\.$`),
    );
    const errors = within(shown).getAllByTestId('row-error');
    expect(errors.map((e) => e.textContent)).toEqual(['Телефон «7900» указан неверно', 'Не указана сумма']);
    expect(within(shown).getByText('Иванова Мария')).toBeTruthy();
    expect(within(shown).getByText('+7 (900) 123-45-67')).toBeTruthy();
    expect(within(shown).getByTestId('upload-has-errors').textContent).toContain('Ошибки в 2 строках');
    expect(applyButton().disabled).toBe(true);
  });

  it('warns of rows applied before, and applying it again only says so', async () => {
    const appliedAt = '2026-03-01T10:00:00.000Z';
    const calls = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/bonus/uploads/preview')
        return { body: preview({ alreadyApplied: { id: uuid(), at: appliedAt } }) };
      if (method === 'POST' && path === '/bonus/uploads')
        return {
          body: {
            upload: {
              id: uuid(),
              number: 4,
              at: appliedAt,
              actorName: 'Петрова Анна',
              fileName: file.name,
              rowsCount: 1,
              creditKopecks: 15_000,
              debitKopecks: 0,
            },
            isRepeat: true,
          },
        };
      return undefined;
    });
    renderInApp(<BonusUploadPanel />, { path: '/admin/bonus/hand-calculation' });
    pickAndCheck();

    expect((await screen.findByTestId('already-applied')).textContent).toBe(
      'Эти же строки уже применены 01.03.2026: повторно ничего не начислится.',
    );
    expect(screen.getByTestId('upload-summary').textContent).toMatch(/^В файле 1 строка, ошибок нет\./);
    expect(applyButton().disabled).toBe(false);
    fireEvent.click(applyButton());

    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/bonus/uploads')).toBe(true));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Информация',
          message: 'Эти же строки уже применены 01.03.2026 (загрузка № 4): повторно ничего не начислено',
        }),
      ),
    );
    // Applied: the panel is ready for the next file.
    await waitFor(() => expect(screen.queryByTestId('upload-preview')).toBeNull());
  });

  it('flags rows that repeat another row, counts them and does not let the file be applied', async () => {
    const repeat = 'Повторяет строку 2: тот же телефон, сумма и комментарий — удалите повтор или измените комментарий';
    stubApi(({ method, path }) =>
      method === 'POST' && path === '/bonus/uploads/preview'
        ? {
            body: preview({
              rows: [
                sampleUploadRow(),
                sampleUploadRow({ line: 3, phone: '79007654321', clientName: 'Петров Олег' }),
                sampleUploadRow({ line: 4, error: repeat, duplicateOf: 2 }),
              ],
              validCount: 2,
              errorCount: 1,
              duplicateCount: 1,
              creditKopecks: 30_000,
            }),
          }
        : undefined,
    );
    renderInApp(<BonusUploadPanel />, { path: '/admin/bonus/hand-calculation' });
    pickAndCheck();
    const shown = await screen.findByTestId('upload-preview');
    expect(within(shown).getByTestId('upload-summary').textContent).toMatch(
      new RegExp(`^В файле 3 строки, с ошибками — 1, из них повторов — 1\\. Начислить 300,00${SPACE}₽`),
    );
    const flags = within(shown).getAllByTestId('row-duplicate');
    expect(flags.map((f) => f.getAttribute('title'))).toEqual(['Повторяет строку 2']);
    expect(
      within(shown)
        .getAllByTestId('row-error')
        .map((e) => e.textContent),
    ).toEqual([repeat]);
    expect(within(shown).getByTestId('upload-has-errors').textContent).toContain('Повторы удалите');
    expect(applyButton().disabled).toBe(true);
  });
});
