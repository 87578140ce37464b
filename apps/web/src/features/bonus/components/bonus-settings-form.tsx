import { Alert, Card, Group, NumberInput, Radio, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import {
  BONUS_EXPIRY_MAX_DAYS,
  type BonusSettings,
  type BonusSettingsBody,
  bonusSettingsBodySchema,
  cashbackMomentTitles,
  cashbackMoments,
} from '@vmeste/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { SettingsFooter } from '@/components/settings-footer';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { PercentInput } from '@/components/percent-input';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useBonusSettings } from '../api/get-bonus-settings';
import { useUpdateBonusSettings } from '../api/update-bonus-settings';
import { QueryFallback } from '@/components/query-error';
import { BonusSettingsHistory } from './bonus-settings-history';

export const SETTINGS_TAKE_EFFECT_NOTE = 'Изменения действуют для заказов, оплаченных после сохранения';
/** A lifetime applies to what is credited after it: turning expiry on never reaches back (docs/decisions/018). */
export const EXPIRY_TAKES_EFFECT_NOTE =
  'Срок касается бонусов, начисленных после сохранения. Уже начисленные бонусы сгорают или не сгорают по правилам, действовавшим в день начисления.';

/** «Действуют с 05.03.2026 13:00», or for the shop's defaults «Действуют с открытия магазина». */
export function settingsSinceText(since: string | null): string {
  return since ? `Действуют с ${formatDateTime(since)}` : 'Действуют с открытия магазина';
}

type PercentKey = 'defaultPercent' | 'referralPercent' | 'spendCapPercent';
const percentFields: { key: PercentKey; label: string; description: string }[] = [
  { key: 'defaultPercent', label: 'Кешбэк по умолчанию, %', description: 'Доля оплаченного заказа, которая вернётся бонусами' },
  { key: 'referralPercent', label: 'За приглашённого друга, %', description: 'Доля заказа друга, которую получит пригласивший' },
  { key: 'spendCapPercent', label: 'Доля оплаты бонусами, %', description: 'Сколько процентов суммы оплаты можно покрыть бонусами' },
];

/** An empty field goes to the schema as «not given», which it refuses with its own message. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/** «Настройки бонусной программы»: the settings in force as a form, and below, every earlier version. */
export function BonusSettingsPanel() {
  const settings = useBonusSettings();
  if (settings.isError || !settings.data) return <QueryFallback query={settings} skeletonHeight={420} />;
  return (
    <Stack gap="xl">
      {/* A new version from the server starts the form again from what is now in force. */}
      <BonusSettingsForm key={settings.data.current.since ?? 'opening'} settings={settings.data.current} />
      <BonusSettingsHistory history={settings.data.history} />
    </Stack>
  );
}

export function BonusSettingsForm({ settings }: { settings: BonusSettings }) {
  const save = useUpdateBonusSettings();
  const form = useFormFields({
    defaultPercent: String(settings.defaultPercent),
    referralPercent: String(settings.referralPercent),
    spendCapPercent: String(settings.spendCapPercent),
    creditOn: settings.creditOn as string,
    expiryDays: settings.expiryDays === null ? '' : String(settings.expiryDays),
  });
  const [isExpiring, setExpiring] = useState(settings.expiryDays !== null);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: bonusSettingsBodySchema,
    send: (body: BonusSettingsBody) => save.mutateAsync({ body }),
    onSuccess: () => toast.success('Настройки бонусной программы сохранены'),
  });

  function handleSubmit(event: FormEvent) {
    const { values } = form;
    const body = {
      defaultPercent: numberOf(values.defaultPercent),
      referralPercent: numberOf(values.referralPercent),
      spendCapPercent: numberOf(values.spendCapPercent),
      creditOn: values.creditOn,
      expiryDays: isExpiring ? numberOf(values.expiryDays) : null,
    };
    void submit(body as BonusSettingsBody, event);
  }

  const numberField = (key: PercentKey | 'expiryDays') => ({
    value: form.values[key],
    onChange: (value: number | string) => form.set(key, String(value)),
    error: form.errors[key],
    allowNegative: false,
  });

  return (
    <Card withBorder radius="md" padding="lg" maw={820}>
      <form onSubmit={handleSubmit} noValidate aria-label="Настройки бонусной программы">
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            {percentFields.map(({ key, label, description }) => (
              <PercentInput key={key} label={label} description={description} inputMode="decimal" {...numberField(key)} />
            ))}
          </SimpleGrid>
          <Radio.Group
            label="Когда начислять кешбэк"
            value={form.values.creditOn}
            onChange={(value) => form.set('creditOn', value)}
            error={form.errors.creditOn}
            name="creditOn"
          >
            <Group gap="lg" mt="xs">
              {cashbackMoments.map((moment) => (
                <Radio key={moment} value={moment} label={cashbackMomentTitles[moment]} />
              ))}
            </Group>
          </Radio.Group>
          <Stack gap="xs">
            <Switch
              label="Бонусы сгорают"
              description={
                isExpiring
                  ? 'Неистраченные бонусы сгорают через указанное число дней после начисления'
                  : 'Бонусы, начисленные после сохранения, не сгорают'
              }
              checked={isExpiring}
              onChange={(event) => setExpiring(event.currentTarget.checked)}
            />
            {isExpiring && (
              <NumberInput
                label="Срок жизни бонусов, дней"
                min={1}
                max={BONUS_EXPIRY_MAX_DAYS}
                allowDecimal={false}
                inputMode="numeric"
                maw={240}
                {...numberField('expiryDays')}
              />
            )}
            <Text size="xs" c="dimmed" data-testid="expiry-note">
              {EXPIRY_TAKES_EFFECT_NOTE}
            </Text>
          </Stack>
          <FormError message={form.formError} />
          <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="settings-note">
            {SETTINGS_TAKE_EFFECT_NOTE}. Кешбэк за уже оплаченные заказы считается по прежним настройкам.
          </Alert>
          <SettingsFooter
            savedText={
              <>
                {settingsSinceText(settings.since)}
                {settings.changedBy ? ` · сохранил(а) ${settings.changedBy}` : ''}
              </>
            }
            isSubmitting={isSubmitting}
          />
        </Stack>
      </form>
    </Card>
  );
}
