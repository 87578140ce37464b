import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAddressTab } from './use-address-tab';

function Harness() {
  const [tab, openTab] = useAddressTab(['payments', 'audit'], 'payments');
  const location = useLocation();
  return (
    <>
      <output data-testid="tab">{tab}</output>
      <output data-testid="search">{location.search}</output>
      <button onClick={() => openTab('audit')}>Сверка</button>
      <button onClick={() => openTab('payments')}>Платежи</button>
    </>
  );
}

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Harness />
    </MemoryRouter>,
  );

describe('useAddressTab', () => {
  it('opens the tab named in the address, and the default one for an unknown name', () => {
    const { unmount } = renderAt('/admin/payments?tab=audit');
    expect(screen.getByTestId('tab').textContent).toBe('audit');
    unmount();
    renderAt('/admin/payments?tab=nonsense');
    expect(screen.getByTestId('tab').textContent).toBe('payments');
  });

  it('writes the opened tab into the address, leaves the default one out and keeps the other parameters', () => {
    renderAt('/admin/payments?payment=42');
    fireEvent.click(screen.getByRole('button', { name: 'Сверка' }));
    expect(screen.getByTestId('tab').textContent).toBe('audit');
    expect(screen.getByTestId('search').textContent).toBe('?payment=42&tab=audit');
    fireEvent.click(screen.getByRole('button', { name: 'Платежи' }));
    expect(screen.getByTestId('search').textContent).toBe('?payment=42');
  });
});
