import type { PurchaseCover } from '@vmeste/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, stubApi } from '@/lib/test-api';
import { CoversGrid } from './covers-grid';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

const cover = (n: number): PurchaseCover => ({
  id: `11111111-1111-4111-8111-00000000000${n}`,
  title: `Закупка ${n}`,
  description: '',
  supplier: '',
  status: 'open',
  paymentDeadline: null,
  coverUrl: `/api/purchases/covers/${n}.webp`,
  coverThumbUrl: `/api/purchases/covers/${n}-thumb.webp`,
});

afterEach(() => vi.unstubAllGlobals());

describe('CoversGrid', () => {
  it(
    'sizes every picture, offers it in the widths shown and loads only the first one at once, the others when scrolled near',
    { timeout: 30_000 },
    async () => {
      stubApi((call) => (call.path === '/purchases/covers' ? { body: [cover(1), cover(2), cover(3)] } : undefined));
      renderInApp(<CoversGrid />);
      const pictures = await screen.findAllByRole('img', {}, { timeout: 10_000 });
      expect(pictures.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
      // The first picture is the page's largest paint: asked for first.
      expect(pictures.map((img) => img.getAttribute('fetchpriority'))).toEqual(['high', 'auto', 'auto']);
      for (const [index, img] of pictures.entries()) {
        expect(img.getAttribute('width')).toBe('480');
        expect(img.getAttribute('height')).toBe('360');
        // In the size shown: the server's 320, 640 and 960 px copies, chosen by the card's width.
        const thumb = `/api/purchases/covers/${index + 1}-thumb.webp`;
        expect(img.getAttribute('srcset')).toBe(`${thumb}?w=320 320w, ${thumb}?w=640 640w, ${thumb}?w=960 960w`);
        expect(img.getAttribute('sizes')).toContain('100vw');
      }
    },
  );
});
