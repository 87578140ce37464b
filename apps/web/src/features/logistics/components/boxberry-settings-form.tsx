import { Alert, Button, Card, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type BoxberrySettings, type BoxberrySettingsBody, boxberrySettingsBodySchema, type ConnectionCheck } from '@vmeste/contract';
import { IconAlertTriangle, IconInfoCircle, IconPlugConnected, IconTrash } from '@tabler/icons-react';
import { SettingsFooter } from '@/components/settings-footer';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { confirm } from '@/lib/confirm';
import { formatDateTime } from '@/lib/format';
import { toast, toastServerError } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCheckBoxberry } from '../api/check-boxberry';
import { useBoxberrySettings } from '../api/get-boxberry-settings';
import { useSaveBoxberrySettings } from '../api/save-boxberry-settings';
import { QueryFallback } from '@/components/query-error';
import { errorText } from './logistics-texts';
import { SenderPointSelect } from './sender-point-select';

export const DEMO_MODE_MESSAGE = 'Демо-режим: токена нет, магазин работает со встроенным эмулятором Boxberry и демо-данными';
export const OFF_MODE_MESSAGE =
  'Boxberry выключен: токен не сохранён. Введите API-токен Boxberry ниже и нажмите «Сохранить» — до этого пункты выдачи не загружаются и не предлагаются клиентам, а посылки не отправляются';
export const NO_SECRETS_KEY_MESSAGE =
  'Токен сейчас не сохранить: на сервере не задан ключ шифрования SECRETS_KEY. Попросите администратора сервера задать его и перезапустить магазин';

type Dimension = 'defaultLengthCm' | 'defaultWidthCm' | 'defaultHeightCm';
const dimensions: { key: Dimension; label: string }[] = [
  { key: 'defaultLengthCm', label: 'Длина, см' },
  { key: 'defaultWidthCm', label: 'Ширина, см' },
  { key: 'defaultHeightCm', label: 'Высота, см' },
];

/** An empty field goes to the schema as «not given», which it refuses with its own message. */
const numberOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

/** «Настройки Boxberry»: the token, the point parcels are handed in at, default sizes, and a connection check. */
export function BoxberrySettingsPanel() {
  const settings = useBoxberrySettings();
  if (settings.isError || !settings.data) return <QueryFallback query={settings} skeletonHeight={420} />;
  return (
    <Stack gap="lg" maw={720}>
      {settings.data.mode === 'demo' && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="demo-mode">
          {DEMO_MODE_MESSAGE}
        </Alert>
      )}
      {settings.data.mode === 'off' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} data-testid="boxberry-off" role="status">
          {OFF_MODE_MESSAGE}
        </Alert>
      )}
      {!settings.data.canSaveToken && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="no-secrets-key">
          {NO_SECRETS_KEY_MESSAGE}
        </Alert>
      )}
      <BoxberrySettingsForm settings={settings.data} />
      <ConnectionCheckCard />
    </Stack>
  );
}

export function BoxberrySettingsForm({ settings }: { settings: BoxberrySettings }) {
  const save = useSaveBoxberrySettings();
  const form = useFormFields({
    token: '',
    senderPointCode: settings.senderPointCode ?? '',
    defaultLengthCm: String(settings.defaultLengthCm),
    defaultWidthCm: String(settings.defaultWidthCm),
    defaultHeightCm: String(settings.defaultHeightCm),
  });
  const [senderTitle, setSenderTitle] = useState(settings.senderPointTitle);
  const [isRemovingToken, setRemovingToken] = useState(false);
  const { submit, isSubmitting } = useFormSubmit(form, {
    schema: boxberrySettingsBodySchema,
    send: (body: BoxberrySettingsBody) => save.mutateAsync({ body }),
    onSuccess: (saved, body) => {
      form.set('token', '');
      setSenderTitle(saved.senderPointTitle);
      toast.success(
        body.token !== ''
          ? 'Настройки Boxberry сохранены'
          : saved.mode === 'off'
            ? 'Токен удалён: Boxberry выключен'
            : 'Токен удалён: магазин работает с эмулятором Boxberry',
      );
    },
  });

  function bodyOf(token: string | undefined): BoxberrySettingsBody {
    const { values } = form;
    const body = {
      senderPointCode: values.senderPointCode || null,
      defaultLengthCm: numberOf(values.defaultLengthCm),
      defaultWidthCm: numberOf(values.defaultWidthCm),
      defaultHeightCm: numberOf(values.defaultHeightCm),
    };
    // No token in the body keeps the saved one: only a typed token (or the removal) is sent.
    return (token === undefined ? body : { ...body, token }) as BoxberrySettingsBody;
  }

  function handleSubmit(event: FormEvent) {
    const typed = form.values.token.trim();
    void submit(bodyOf(typed === '' ? undefined : typed), event);
  }

  async function removeToken() {
    const isConfirmed = await confirm({
      title: 'Удалить токен Boxberry?',
      messageHtml: settings.isEmulatorAvailable
        ? 'Магазин перейдёт в демо-режим: пункты, цены и отправления будут идти через встроенный эмулятор, а не через Boxberry. Новые посылки не будут отправлены по-настоящему.'
        : 'Boxberry выключится: клиентам перестанут предлагаться пункты выдачи, а посылки нельзя будет отправить, пока не будет сохранён новый токен.',
      confirmLabel: 'Удалить токен',
      isDanger: true,
    });
    if (!isConfirmed) return;
    setRemovingToken(true);
    await submit({
      token: '',
      senderPointCode: settings.senderPointCode,
      defaultLengthCm: settings.defaultLengthCm,
      defaultWidthCm: settings.defaultWidthCm,
      defaultHeightCm: settings.defaultHeightCm,
    });
    setRemovingToken(false);
  }

  const numberField = (key: Dimension) => ({
    value: form.values[key],
    onChange: (value: number | string) => form.set(key, String(value)),
    error: form.errors[key],
    allowDecimal: false,
    allowNegative: false,
    min: 1,
    max: 300,
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4">
            Подключение
          </Title>
          <PasswordInput
            label="API-токен Boxberry"
            placeholder={settings.tokenMasked ?? 'Токен из личного кабинета Boxberry'}
            description={
              settings.tokenMasked
                ? `Сохранён: ${settings.tokenMasked}. Оставьте поле пустым, чтобы не менять токен`
                : 'Токен не задан. Его выдают в личном кабинете Boxberry, раздел «Интеграция»'
            }
            autoComplete="new-password"
            {...form.text('token')}
          />
          {settings.tokenMasked && (
            <Group>
              <Button
                variant="default"
                c="red.9"
                size="xs"
                leftSection={<IconTrash size={16} />}
                onClick={() => void removeToken()}
                loading={isRemovingToken}
                disabled={isSubmitting && !isRemovingToken}
              >
                Удалить токен
              </Button>
            </Group>
          )}
          <SenderPointSelect
            value={form.values.senderPointCode || null}
            title={senderTitle}
            onChange={(code, label) => {
              form.set('senderPointCode', code ?? '');
              setSenderTitle(label);
            }}
            error={form.errors.senderPointCode}
          />
          <div>
            <Text size="sm" fw={500}>
              Размеры посылки по умолчанию: Д × Ш × В
            </Text>
            <Text size="xs" c="dimmed" mb={6}>
              Для посылок, у которых кладовщик не измерил размеры
            </Text>
            <SimpleGrid cols={3} spacing="sm" maw={420}>
              {dimensions.map(({ key, label }) => (
                <NumberInput key={key} label={label} inputMode="numeric" {...numberField(key)} />
              ))}
            </SimpleGrid>
          </div>
          <FormError message={form.formError} />
          <SettingsFooter
            savedText={settings.updatedAt ? `Изменены ${formatDateTime(settings.updatedAt)}` : 'Ещё не сохранялись'}
            isSubmitting={isSubmitting && !isRemovingToken}
          />
        </Stack>
      </form>
    </Card>
  );
}

/** Asks Boxberry with the saved settings and shows its answer, green or red, with the time it took. */
function ConnectionCheckCard() {
  const check = useCheckBoxberry();
  const [result, setResult] = useState<ConnectionCheck | { isOk: false; message: string; ms: null } | null>(null);

  async function checkNow() {
    setResult(null);
    try {
      setResult(await check.mutateAsync());
    } catch (error) {
      setResult({ isOk: false, message: errorText(error), ms: null });
      toastServerError(error, { isShownInline: true });
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <div>
            <Title order={2} size="h4">
              Проверка подключения
            </Title>
            <Text size="sm" c="dimmed">
              С сохранёнными настройками
            </Text>
          </div>
          <Button variant="light" leftSection={<IconPlugConnected size={18} />} onClick={() => void checkNow()} loading={check.isPending}>
            Проверить подключение
          </Button>
        </Group>
        {result && (
          <Alert
            color={result.isOk ? 'teal' : 'red'}
            variant="light"
            role={result.isOk ? 'status' : 'alert'}
            data-testid="connection-check"
          >
            {result.message}
            {result.ms !== null && (
              <Text size="xs" c="dimmed" mt={4}>
                Ответ за {result.ms} мс
              </Text>
            )}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
