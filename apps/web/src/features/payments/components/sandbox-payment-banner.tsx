import { Box, Group, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { IconFlask } from '@tabler/icons-react';
import { usePublicSettings } from '@/features/site';

function BannerText() {
  return (
    <Group gap="xs" wrap="nowrap" justify="center" maw={960} mx="auto">
      <IconFlask size={20} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" c="dark.9">
        <Text span fw={700} inherit>
          Тестовый режим оплаты.
        </Text>{' '}
        Оплата картой и через СБП проходит на тестовой странице магазина — деньги не списываются.
      </Text>
    </Group>
  );
}

/** The banner's height on `<html>` while it is shown, for layouts fixed to the window's bottom (staff-layout.tsx). */
const SANDBOX_BANNER_HEIGHT = '--sandbox-banner-height';

/**
 * On every page while the shop runs the built-in test provider (PAYMENT_PROVIDER=sandbox), so nobody
 * takes a test payment for a real one. Fixed to the bottom of the window, where no layout's header
 * covers it; its invisible twin in the flow keeps the page's end from hiding behind it.
 */
export function SandboxPaymentBanner() {
  const settings = usePublicSettings();
  const banner = useRef<HTMLDivElement>(null);
  const isShown = settings?.paymentProvider === 'sandbox';
  useEffect(() => {
    const element = banner.current;
    if (!isShown || !element) return;
    // Layouts with fixed parts at the window's bottom (the staff sidebar) end above the banner.
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(SANDBOX_BANNER_HEIGHT, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(SANDBOX_BANNER_HEIGHT);
    };
  }, [isShown]);
  if (!isShown) return null;
  const look = { bg: 'yellow.3', px: 'md', py: 6, style: { borderTop: '1px solid var(--mantine-color-yellow-6)' } } as const;
  return (
    <>
      <Box aria-hidden {...look} style={{ ...look.style, visibility: 'hidden' }}>
        <BannerText />
      </Box>
      <Box
        // A note, not a live status: it never changes, and pages' own status messages stay the only ones.
        role="note"
        aria-label="Тестовый режим оплаты"
        data-testid="sandbox-payment-banner"
        ref={banner}
        {...look}
        // Nothing in it to press, so a click near the window's edge reaches the page underneath.
        style={{ ...look.style, position: 'fixed', left: 0, right: 0, bottom: 0, zIndex: 150, pointerEvents: 'none' }}
      >
        <BannerText />
      </Box>
    </>
  );
}
