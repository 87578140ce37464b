import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAP_MAX_AGE_MS, endHydration, startHydration, useBrowserValue } from './hydration';

function Started({ read }: { read: () => string[] }) {
  const [ids] = useBrowserValue(read, []);
  return <output data-testid="ids">{ids.join(',') || 'none'}</output>;
}

afterEach(() => endHydration());

describe('useBrowserValue', () => {
  it('reads this browser at once on a page rendered in the browser', () => {
    const read = vi.fn(() => ['p1']);
    render(<Started read={read} />);
    expect(screen.getByTestId('ids').textContent).toBe('p1');
  });

  it("hydrates with the server's value, without a mismatch, then shows this browser's", async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Started read={() => []} />);
    document.body.append(container);
    // React's act() outside testing-library's render needs the flag testing-library sets for its own.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = vi.fn();
    startHydration();
    await act(async () => {
      hydrateRoot(container, <Started read={() => ['p1', 'p2']} />, { onRecoverableError: recoverable });
    });
    expect(container.textContent).toBe('p1,p2');
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    container.remove();
  });

  it('renders only once when this browser has nothing other than the server rendered', async () => {
    let renders = 0;
    function Counted({ read }: { read: () => string[] }) {
      renders += 1;
      const [ids] = useBrowserValue(read, []);
      return <output>{ids.join(',') || 'none'}</output>;
    }
    const hydrateWith = async (read: () => string[]) => {
      const container = document.createElement('div');
      container.innerHTML = renderToString(<Counted read={() => []} />);
      document.body.append(container);
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
      renders = 0;
      startHydration();
      await act(async () => {
        hydrateRoot(container, <Counted read={read} />);
      });
      endHydration();
      container.remove();
      return { text: container.textContent, renders };
    };
    // Nothing kept in this browser: hydrated once, not rendered again.
    expect(await hydrateWith(() => [])).toEqual({ text: 'none', renders: 1 });
    // Something kept: rendered again with it.
    expect(await hydrateWith(() => ['p1'])).toEqual({ text: 'p1', renders: 2 });
  });
});

describe('a tap before hydration', () => {
  type Holder = { vmesteEarlyTap?: { element: HTMLElement; at: number } | null };
  const holder = window as Holder;
  afterEach(() => {
    delete holder.vmesteEarlyTap;
    vi.useRealTimers();
  });

  function keptTap(ageMs: number) {
    const button = document.createElement('button');
    const clicked = vi.fn();
    button.addEventListener('click', clicked);
    document.body.append(button);
    holder.vmesteEarlyTap = { element: button, at: Date.now() - ageMs };
    return { button, clicked };
  }

  it('is given again once the page has hydrated, and stops being kept when hydration starts', () => {
    vi.useFakeTimers();
    const { button, clicked } = keptTap(2_000);
    startHydration();
    expect(holder.vmesteEarlyTap).toBeNull();
    expect(clicked).not.toHaveBeenCalled();
    endHydration();
    vi.runAllTimers();
    expect(clicked).toHaveBeenCalledTimes(1);
    button.remove();
  });

  it('is dropped when older than ten seconds or when its button is gone', () => {
    vi.useFakeTimers();
    const old = keptTap(EARLY_TAP_MAX_AGE_MS + 1);
    startHydration();
    endHydration();
    vi.runAllTimers();
    expect(old.clicked).not.toHaveBeenCalled();

    const gone = keptTap(0);
    gone.button.remove();
    startHydration();
    endHydration();
    vi.runAllTimers();
    expect(gone.clicked).not.toHaveBeenCalled();
    old.button.remove();
  });
});
