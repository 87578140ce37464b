import { Card, SimpleGrid, Skeleton } from '@mantine/core';

/** Two chart cards' places while the charts library loads. */
export function ChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="charts-loading">
      {[0, 1].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Skeleton height={18} width="50%" mb="sm" />
          <Skeleton height={220} />
        </Card>
      ))}
    </SimpleGrid>
  );
}
