import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { type ClientPaymentMethod, clientPaymentMethods, paymentMethodTitles } from '@vmeste/contract';
import { IconBuildingBank, IconCreditCard, IconQrcode } from '@tabler/icons-react';
import type { ReactNode } from 'react';

const hints: Record<ClientPaymentMethod, { text: string; icon: ReactNode }> = {
  card: { text: 'Visa, Mastercard или МИР на странице платёжного сервиса', icon: <IconCreditCard size={20} aria-hidden /> },
  sbp: { text: 'В приложении вашего банка по QR-коду или ссылке', icon: <IconQrcode size={20} aria-hidden /> },
  transfer: { text: 'Перевод на карту организатора, затем загрузите чек', icon: <IconBuildingBank size={20} aria-hidden /> },
};

type Props = {
  value: ClientPaymentMethod;
  onChange: (method: ClientPaymentMethod) => void;
  error?: string | undefined;
  /** Side by side from small screens up, where the form spans the page. */
  isWide?: boolean;
  /** Methods that cannot be used for these orders, with the reason shown in place of the hint. */
  unavailable?: Partial<Record<ClientPaymentMethod, string>>;
  /** The methods the shop takes at all (without online payment, the transfer only). */
  methods?: readonly ClientPaymentMethod[];
};

/** «Картой онлайн», «СБП» or «Переводом на карту», each with a line on how it goes. */
export function PaymentMethodPicker({ value, onChange, error, isWide = false, unavailable = {}, methods = clientPaymentMethods }: Props) {
  return (
    <Radio.Group
      label="Способ оплаты"
      value={value}
      onChange={(next) => onChange(next as ClientPaymentMethod)}
      error={error}
      name="payment-method"
    >
      <SimpleGrid cols={isWide ? { base: 1, sm: methods.length } : 1} spacing="xs" mt="xs">
        {methods.map((method) => (
          // Top-aligned: cards side by side share the height of the longest hint.
          <Radio.Card
            key={method}
            value={method}
            radius="md"
            p="sm"
            withBorder
            disabled={Boolean(unavailable[method])}
            style={{ display: 'flex', alignItems: 'flex-start', opacity: unavailable[method] ? 0.6 : 1 }}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator mt={2} style={{ flexShrink: 0 }} />
              {/* A long hint must not squeeze the icon in the row. */}
              <span style={{ display: 'flex', flexShrink: 0, marginTop: 1 }}>{hints[method].icon}</span>
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {paymentMethodTitles[method]}
                </Text>
                <Text size="xs" c="dimmed">
                  {unavailable[method] ?? hints[method].text}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}
