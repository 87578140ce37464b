import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';

const steps = [
  { title: 'Выбираете закупку', text: 'Организатор открывает сбор заказов у поставщика. Смотрите текущие закупки и их условия.' },
  { title: 'Оформляете заказ', text: 'Сообщаете организатору, что и в каком размере хотите. Заказ появится в личном кабинете.' },
  {
    title: 'Оплачиваете после стопа',
    text: 'Когда сбор заказов закрыт, оплачиваете заказ онлайн — картой или через СБП — или переводом на карту с загрузкой чека.',
  },
  { title: 'Закупка заказана', text: 'Организатор выкупает товар у поставщика по оптовой цене для всех участников сразу.' },
  { title: 'Товар на складе', text: 'Принимаем товар, проверяем и собираем ваши заказы в одну посылку.' },
  { title: 'Выбираете доставку', text: 'ПВЗ Boxberry, курьер до двери или бесплатный самовывоз с нашего пункта выдачи.' },
  { title: 'Получаете заказ', text: 'Забираете посылку и получаете кешбэк бонусами на следующие покупки.' },
];

/** How a group purchase goes, step by step. */
export function PurchaseSteps() {
  return (
    <Stack gap="md" component="section">
      <Title order={2}>Как проходит совместная покупка</Title>
      <SimpleGrid component="ol" cols={{ base: 1, xs: 2, md: 4 }} p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Card key={step.title} component="li" withBorder radius="md" padding="md">
            <Stack gap={6}>
              <ThemeIcon radius="xl" size="lg" color="indigo.9" aria-hidden>
                {index + 1}
              </ThemeIcon>
              <Text fw={700}>{step.title}</Text>
              <Text size="sm" c="dimmed">
                {step.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
