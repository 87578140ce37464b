import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { confirm, escapeHtml } from './confirm';

const host = () =>
  render(
    <MantineProvider>
      <ModalsProvider />
    </MantineProvider>,
  );

describe('the confirmation dialog', () => {
  it('shows the message with its markup but nothing a user could inject, and answers the choice', async () => {
    host();
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = confirm({
        title: 'Отключить сотрудника?',
        messageHtml: `<b>${escapeHtml('Иванов <Пётр>')}</b> потеряет доступ.<img src="x" onerror="window.hacked = 1"><script>window.hacked = 1</script>`,
        confirmLabel: 'Отключить',
      });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Отключить сотрудника?' });
    expect(dialog.querySelector('b')?.textContent).toBe('Иванов <Пётр>');
    expect(dialog.textContent).toContain('потеряет доступ.');
    expect(dialog.querySelector('script')).toBeNull();
    expect(dialog.querySelector('img')?.getAttribute('onerror') ?? null).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отключить' }));
    await expect(answer).resolves.toBe(true);
  });
});
