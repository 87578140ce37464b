import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { routes } from '@/config/routes';
import { CompanyRequisites } from './company-requisites';
import { usePublicSettings } from '../api/get-public-settings';
import { BotLink, EmailAndPhoneLines } from './company-links';
import { DocumentPage, Items, P, PageLink, Section } from './document-page';

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function ContactsDocument() {
  // Shown while the settings load (most shops have a bot); hidden once they say there is none.
  const isTelegramEnabled = usePublicSettings()?.isTelegramEnabled ?? true;
  return (
    <DocumentPage title="Контакты">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <InfoCard title="Связаться с нами">
          <Stack gap={4} lh={1.6}>
            <EmailAndPhoneLines />
            {isTelegramEnabled && (
              <Text>
                Telegram-бот: <BotLink />
              </Text>
            )}
          </Stack>
        </InfoCard>
        <InfoCard title="Часы работы">
          <Stack gap={4} lh={1.6}>
            <Text>Пн–Пт: 10:00–19:00 по Москве</Text>
            <Text>Сб, Вс и праздничные дни — выходные</Text>
            <Text size="sm" c="dimmed">
              Письма и сообщения, пришедшие в выходные, разбираем в ближайший рабочий день.
            </Text>
          </Stack>
        </InfoCard>
      </SimpleGrid>

      <Section title="Реквизиты">
        <CompanyRequisites />
      </Section>

      <Section title="Вопрос по заказу">
        <P>Чтобы мы ответили быстрее, напишите на почту или позвоните и сразу укажите:</P>
        <Items
          items={[
            'номер заказа — он есть в личном кабинете и в ссылке на заказ;',
            'телефон, на который оформлен заказ;',
            'суть вопроса, а если нужно — фотографии товара, упаковки или чека об оплате.',
          ]}
        />
        <P>Отвечаем в рабочее время, обычно в течение одного рабочего дня.</P>
        <P>
          Статусы заказов, оплат и посылок видны в <PageLink to={routes.PersonalHome.path}>личном кабинете</PageLink>. Подключите
          Telegram-бота в профиле — он сообщит, когда оплата подтверждена, товар пришёл на склад и посылка отправлена.
        </P>
      </Section>

      <Section title="Оплата, доставка и возврат">
        <P>
          Как оплатить заказ и получить его, описано на странице{' '}
          <PageLink to={routes.DeliveryAndPayment.path}>«Доставка и оплата»</PageLink>, порядок возврата — на странице{' '}
          <PageLink to={routes.ReturnGoods.path}>«Возврат товара»</PageLink>.
        </P>
      </Section>
    </DocumentPage>
  );
}
