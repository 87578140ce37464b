import { NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { formatMoney } from '@vmeste/contract';
import { formatPercent } from './bonus-texts';
import type { BonusSpend } from './use-bonus-spend';

/** «Списать бонусы» at checkout: the balance, the most this payment may take, and how much to take. */
export function BonusSpendField({ spend, error }: { spend: BonusSpend; error?: string | undefined }) {
  if (!spend.isOffered) return null;
  const { balanceKopecks, limitKopecks } = spend;
  const isCapped = limitKopecks < balanceKopecks;
  const limitText = limitKopecks > 0 ? `можно списать до ${formatMoney(limitKopecks)}` : 'сейчас списать нечего';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="bonus-spend">
      <Stack gap="xs">
        <Switch
          label="Списать бонусы"
          description={`На счёте ${formatMoney(balanceKopecks)}, ${limitText}${
            isCapped && limitKopecks > 0 ? ` (бонусами — не больше ${formatPercent(spend.spendCapPercent)} суммы)` : ''
          }`}
          checked={spend.isOn}
          disabled={limitKopecks === 0}
          onChange={(event) => spend.setOn(event.currentTarget.checked)}
        />
        {spend.isOn && limitKopecks > 0 && (
          <NumberInput
            label="Сколько списать, ₽"
            value={spend.rubles}
            onChange={spend.setRubles}
            min={0}
            max={limitKopecks / 100}
            clampBehavior="strict"
            decimalScale={2}
            decimalSeparator=","
            thousandSeparator=" "
            allowNegative={false}
            inputMode="decimal"
            error={error}
            maw={240}
          />
        )}
        {error && !(spend.isOn && limitKopecks > 0) && (
          <Text size="xs" c="red.9" role="alert">
            {error}
          </Text>
        )}
        {spend.isOn && spend.kopecks === 0 && (
          <Text size="xs" c="dimmed">
            Укажите сумму бонусов или выключите списание.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
