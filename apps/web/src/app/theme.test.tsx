import { Loader, MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('the theme', () => {
  it('makes a loader a status, so its label is allowed and read out', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Loader aria-label="Загрузка заказов" />
      </MantineProvider>,
    );
    expect(screen.getByRole('status', { name: 'Загрузка заказов' })).toBeTruthy();
  });
});
