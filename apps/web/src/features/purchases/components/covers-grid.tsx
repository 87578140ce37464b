import { Card, Image, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';
import { useCovers } from '../api/get-covers';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** The current purchases on the main page, in the order the admin set. */
export function CoversGrid() {
  const covers = useCovers();
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
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} data-testid="covers-grid">
      {covers.data.map((cover) => (
        <Card key={cover.id} withBorder radius="md" padding="md" data-testid="cover-card">
          <Card.Section>
            {cover.coverThumbUrl ? (
              <Image src={cover.coverThumbUrl} alt={cover.title} h={180} fit="cover" />
            ) : (
              <Stack h={180} align="center" justify="center" bg="gray.1">
                <IconPhoto size={40} color="var(--mantine-color-gray-6)" aria-hidden />
              </Stack>
            )}
          </Card.Section>
          <Stack gap={6} mt="sm">
            <Text fw={700} lineClamp={2}>
              {cover.title}
            </Text>
            <PurchaseStatusBadge status={cover.status} />
            {cover.paymentDeadline && (
              <Text size="sm" c="dimmed">
                Оплатить до {formatDate(cover.paymentDeadline)}
              </Text>
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
