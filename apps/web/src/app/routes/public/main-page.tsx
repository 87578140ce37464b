import { Container, Stack, Title } from '@mantine/core';
import { CoversGrid } from '@/features/purchases';
import { PurchaseSteps, ShopBenefits, ShopIntro, TelegramBotCard } from '@/features/site';

export function MainPage() {
  return (
    <Container size="lg">
      <Stack gap={48}>
        <ShopIntro />
        <Stack gap="md" component="section">
          <Title order={2}>Текущие закупки</Title>
          <CoversGrid />
        </Stack>
        <PurchaseSteps />
        <ShopBenefits />
        <TelegramBotCard />
      </Stack>
    </Container>
  );
}
