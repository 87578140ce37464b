import { Card, Image, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { PurchaseCover } from '@vmeste/contract';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, type RefObject, Suspense, useEffect, useRef, useState } from 'react';
import { formatCalendarDate } from '@/lib/format';
import { useCovers } from '../api/get-covers';
import { COVER_CARD_SIZES, coverSrcSet } from './cover-sizes';
import classes from './covers-grid.module.css';
import { PurchaseStatusBadge } from './purchase-status-badge';
import { useOpenedPurchase } from './use-opened-purchase';

// The window's code loads when a purchase is first opened, not with the main page.
const PurchaseDetailsModal = lazy(() => import('./purchase-details-modal'));

/** The current purchases on the main page, in the order the admin set; a card opens its purchase. */
export function CoversGrid() {
  const covers = useCovers();
  const opened = useOpenedPurchase();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const purchase = covers.data?.find((cover) => cover.id === opened.id) ?? null;
  // Once opened, the window stays mounted, so it can fade out when closed.
  const [isWindowUsed, setWindowUsed] = useState(false);
  if (purchase && !isWindowUsed) setWindowUsed(true);
  useFocusBackOnClose(purchase?.id ?? null, buttons);
  if (covers.isPending) {
    return (
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {[1, 2, 3].map((i) => (
          <Skeleton key={i} h={260} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (!covers.data?.length) {
    return (
      <Text c="dimmed" data-testid="covers-grid">
        Скоро здесь появятся текущие закупки. Подключите Telegram-бота, чтобы не пропустить старт.
      </Text>
    );
  }
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="covers-grid">
        {covers.data.map((cover, index) => (
          <CoverCard
            key={cover.id}
            cover={cover}
            isBelowFold={index > 0}
            onOpen={() => opened.open(cover.id)}
            buttonRef={(button) => {
              if (button) buttons.current.set(cover.id, button);
              else buttons.current.delete(cover.id);
            }}
          />
        ))}
      </SimpleGrid>
      {isWindowUsed && (
        <Suspense fallback={null}>
          <PurchaseDetailsModal purchase={purchase} onClose={opened.close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * When the window closes, the focus goes back to the card that opened it (or that the shared address
 * named), so a keyboard user goes on from where they were.
 */
function useFocusBackOnClose(openedId: string | null, buttons: RefObject<Map<string, HTMLButtonElement>>) {
  const lastOpenedId = useRef<string | null>(null);
  useEffect(() => {
    if (openedId) {
      lastOpenedId.current = openedId;
      return;
    }
    if (lastOpenedId.current) buttons.current.get(lastOpenedId.current)?.focus({ preventScroll: true });
    lastOpenedId.current = null;
  }, [openedId, buttons]);
}

type CoverCardProps = {
  cover: PurchaseCover;
  /** On a phone only the first card shows without scrolling: the others' pictures load when near. */
  isBelowFold: boolean;
  onOpen: () => void;
  buttonRef: (button: HTMLButtonElement | null) => void;
};

/**
 * A thumbnail is 480 × 360 (cover-images.ts), and its `srcset` sizes keep 4:3; the card keeps its
 * picture's height fixed, so nothing shifts as it arrives.
 */
const THUMB_WIDTH = 480;
const THUMB_HEIGHT = 360;

function CoverCard({ cover, isBelowFold, onOpen, buttonRef }: CoverCardProps) {
  return (
    <Card withBorder radius="md" padding="md" className={classes.card} data-testid="cover-card">
      <Card.Section>
        {cover.coverThumbUrl ? (
          <Image
            src={cover.coverThumbUrl}
            srcSet={coverSrcSet(cover.coverThumbUrl)}
            sizes={COVER_CARD_SIZES}
            alt={cover.title}
            h={180}
            fit="cover"
            width={THUMB_WIDTH}
            height={THUMB_HEIGHT}
            loading={isBelowFold ? 'lazy' : 'eager'}
            // The first card's picture is the page's largest paint: fetched before the scripts it waits behind.
            fetchPriority={isBelowFold ? 'auto' : 'high'}
            decoding={isBelowFold ? 'async' : 'auto'}
          />
        ) : (
          <Stack h={180} align="center" justify="center" bg="gray.1">
            <IconPhoto size={40} color="var(--mantine-color-gray-6)" aria-hidden />
          </Stack>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={3} size="h5" lineClamp={2}>
          <UnstyledButton ref={buttonRef} className={classes.open} onClick={onOpen} aria-haspopup="dialog">
            {cover.title}
          </UnstyledButton>
        </Title>
        <PurchaseStatusBadge status={cover.status} />
        {cover.paymentDeadline && (
          <Text size="sm" c="dimmed">
            Оплатить до {formatCalendarDate(cover.paymentDeadline)}
          </Text>
        )}
        <Text size="sm" c="indigo.8" fw={500} aria-hidden>
          Подробнее →
        </Text>
      </Stack>
    </Card>
  );
}
