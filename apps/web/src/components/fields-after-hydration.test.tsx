import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { endHydration, startHydration } from '@/lib/hydration';
import { FieldsAfterHydration } from './fields-after-hydration';

const form = (
  <form>
    <FieldsAfterHydration>
      <input aria-label="Телефон" />
      <button type="submit">Войти</button>
    </FieldsAfterHydration>
  </form>
);

describe('a form’s fields on a server-rendered page', () => {
  it('come from the server disabled, and work once the page has hydrated, without a mismatch', async () => {
    // As main.tsx marks a server-rendered page; the server itself has no document, so renders the same.
    startHydration();
    const container = document.createElement('div');
    container.innerHTML = renderToString(form);
    document.body.append(container);
    expect(container.querySelector('fieldset')!.disabled).toBe(true);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, form, { onRecoverableError: recoverable });
    });
    expect(container.querySelector('fieldset')!.disabled).toBe(false);
    expect(recoverable).not.toHaveBeenCalled();
    endHydration();
    container.remove();
  });

  it('work at once on a page rendered in the browser', () => {
    render(form);
    expect((screen.getByRole('button', { name: 'Войти' }) as HTMLButtonElement).matches(':disabled')).toBe(false);
    expect(screen.getByRole('group')).toBeTruthy();
  });
});
