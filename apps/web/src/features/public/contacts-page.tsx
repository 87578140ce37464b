import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { CompanyDetails, useCompany } from './company-details';
import { DocumentPage, Items, P, Section } from './document-page';

export function ContactsPage() {
  const company = useCompany();
  return (
    <DocumentPage title="Контакты">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Продавец
            </Title>
            <CompanyDetails />
          </Stack>
        </Card>
        <Card withBorder radius="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              Часы работы
            </Title>
            <Text>Понедельник — пятница: 10:00–19:00 (время московское)</Text>
            <Text>Суббота: 11:00–16:00, только выдача заказов</Text>
            <Text>Воскресенье и праздничные дни — выходной</Text>
            {company.bot && (
              <Text>
                Telegram-бот:{' '}
                <Anchor href={`https://t.me/${company.bot}`} target="_blank" rel="noopener">
                  @{company.bot}
                </Anchor>
              </Text>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Section title="Вопрос по заказу">
        <P>Чтобы мы ответили быстрее, напишите на почту или в Telegram и укажите:</P>
        <Items
          items={[
            'номер заказа (он есть в личном кабинете и в ссылке на заказ);',
            'телефон, на который оформлен заказ;',
            'суть вопроса и, если нужно, фотографии товара или чека.',
          ]}
        />
        <P>Отвечаем в рабочее время, обычно в течение одного рабочего дня.</P>
      </Section>
      <Section title="Оплата, доставка и возврат">
        <P>
          Как оплатить заказ и получить его, описано на странице <Anchor href={routes.DeliveryAndPayment.path}>«Доставка и оплата»</Anchor>.
          Порядок возврата — на странице <Anchor href={routes.ReturnGoods.path}>«Возврат товара»</Anchor>.
        </P>
      </Section>
    </DocumentPage>
  );
}
