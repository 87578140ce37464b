import { Button, Group, Image, Modal, Stack, Text, Title } from '@mantine/core';
import type { PurchaseCover, PurchaseStatus } from '@vmeste/contract';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { roleHome, routes } from '@/config/routes';
import { formatCalendarDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { COVER_DETAILS_SIZES, coverSrcSet } from './cover-sizes';
import { PurchaseStatusBadge } from './purchase-status-badge';

/** What a client does at each stage; after payment the purchase takes no new participants. */
const stageHints: Partial<Record<PurchaseStatus, string>> = {
  open: 'Идёт сбор заказов: сообщите организатору, что и в каком размере хотите заказать, — заказ появится в вашем личном кабинете.',
  stopped: 'Сбор заказов закрыт, скоро начнётся оплата. Заказы участников уже ждут в их личных кабинетах.',
  payment: 'Идёт оплата: участники оплачивают заказы в личном кабинете — онлайн, по СБП или переводом на карту.',
};
const CLOSED_HINT = 'Заказы в эту закупку больше не принимаются. Новые закупки появляются на главной странице и в Telegram-боте.';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group component="div" gap="xs" wrap="nowrap" align="baseline">
      <Text component="dt" size="sm" c="dimmed" miw={130}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} fw={500}>
        {children}
      </Text>
    </Group>
  );
}

/** Sign up or in as a guest; a signed-in visitor goes to their own cabinet. */
function TakePartActions() {
  const { user } = useSession();
  if (!user) {
    return (
      <Stack gap="xs">
        <Text size="sm">Зарегистрируйтесь, чтобы участвовать: заказы, оплата и доставка — в одном личном кабинете.</Text>
        <Group gap="xs">
          <Button component={Link} to={routes.Signup.path}>
            Зарегистрироваться
          </Button>
          <Button component={Link} to={routes.Signin.path} variant="default">
            Войти
          </Button>
        </Group>
      </Stack>
    );
  }
  if (user.role !== 'client') {
    return (
      <Group>
        <Button component={Link} to={roleHome(user.role) ?? routes.Main.path}>
          Перейти в рабочий кабинет
        </Button>
      </Group>
    );
  }
  return (
    <Group>
      <Button component={Link} to={routes.PersonalHome.path}>
        Перейти в личный кабинет
      </Button>
    </Group>
  );
}

/** `purchase` is the opened one, null when the window is closed. */
type Props = { purchase: PurchaseCover | null; onClose: () => void };

/** A purchase of the main page opened from its card: the picture, the terms and how to take part. */
export default function PurchaseDetailsModal({ purchase: opened, onClose }: Props) {
  // The last purchase stays in the window while it fades out after closing.
  const [last, setLast] = useState(opened);
  if (opened && opened !== last) setLast(opened);
  const purchase = opened ?? last;
  return (
    <Modal
      opened={opened !== null}
      onClose={onClose}
      title={purchase?.title}
      size="lg"
      centered
      // The grid gives the focus back to the card: the window mounts already open, which the
      // Modal's own return does not see.
      returnFocus={false}
      closeButtonProps={{ 'aria-label': 'Закрыть' }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {purchase && (
        <Stack gap="md" data-testid="purchase-details">
          {purchase.coverUrl && (
            <Image
              src={purchase.coverUrl}
              srcSet={`${coverSrcSet(purchase.coverUrl)}, ${purchase.coverUrl} 1600w`}
              sizes={COVER_DETAILS_SIZES}
              alt={purchase.title}
              radius="md"
              mah={360}
              fit="contain"
            />
          )}
          <Stack component="dl" gap={6} m={0}>
            <Detail label="Этап">
              <PurchaseStatusBadge status={purchase.status} />
            </Detail>
            {purchase.supplier && <Detail label="Поставщик">{purchase.supplier}</Detail>}
            <Detail label="Срок оплаты">
              {purchase.paymentDeadline ? `до ${formatCalendarDate(purchase.paymentDeadline)}` : 'объявим после стопа'}
            </Detail>
          </Stack>
          {purchase.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {purchase.description}
            </Text>
          )}
          <Stack gap="xs" component="section" aria-labelledby="purchase-take-part">
            <Title order={3} size="h5" id="purchase-take-part">
              Как принять участие
            </Title>
            <Text size="sm" c="dimmed">
              {stageHints[purchase.status] ?? CLOSED_HINT}
            </Text>
            <TakePartActions />
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
