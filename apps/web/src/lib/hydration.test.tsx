import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endHydration, startHydration, useBrowserValue } from './hydration';

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
