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
});
