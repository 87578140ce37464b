import { Anchor, Button, Group, PinInput, Stack, Text, Title } from '@mantine/core';
import { ACTIVATION_CODE_LENGTH, type ActivationSendResponse, formatPhone, plural, type User } from '@vmeste/contract';
import { useInterval } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { api, isApiError } from '@/lib/api-client';
import { logout } from '@/lib/auth-actions';
import { serverErrorOf } from '@/lib/form-errors';
import { saveUser, useSession } from '@/lib/session';
import { toast } from '@/lib/toasts';
import { FormError } from '@/components/form-error';

/** Confirms the phone with a 6-digit SMS code; once confirmed, the guard opens the cabinet. */
export function PersonalActivationPage() {
  const { user } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isCodeSent, setCodeSent] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setSending] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const ticker = useInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);

  useEffect(() => {
    if (secondsLeft > 0) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [secondsLeft, ticker]);

  async function sendCode() {
    setError(null);
    setSending(true);
    try {
      const answer = await api.post<ActivationSendResponse>('/auth/activation/send');
      setCodeSent(true);
      setSecondsLeft(answer.resendAfterSeconds);
      toast.info('Код подтверждения отправлен по SMS');
    } catch (err) {
      if (isApiError(err) && err.statusCode === 429 && err.retryAfterSeconds) {
        setCodeSent(true);
        setSecondsLeft(err.retryAfterSeconds);
      }
      setError(serverErrorOf(err).message);
    } finally {
      setSending(false);
    }
  }

  async function confirm(value = code) {
    if (value.length !== ACTIVATION_CODE_LENGTH) {
      setError(`Введите ${ACTIVATION_CODE_LENGTH} цифр кода из SMS`);
      return;
    }
    setError(null);
    setConfirming(true);
    try {
      const confirmed = await api.post<User>('/auth/activation/confirm', { code: value });
      toast.success('Аккаунт подтверждён');
      saveUser(confirmed);
    } catch (err) {
      setError(serverErrorOf(err).message);
      setCode('');
    } finally {
      setConfirming(false);
    }
  }

  if (!user) return null;
  return (
    <Stack gap="lg" maw={520} mx="auto">
      <Stack gap={4}>
        <Title order={1}>Активация аккаунта</Title>
        <Text c="dimmed">
          Подтвердите телефон {formatPhone(user.phone)}: мы пришлём SMS с кодом из {ACTIVATION_CODE_LENGTH} цифр. Код действует 10 минут.
        </Text>
      </Stack>
      <FormError message={error} />
      {isCodeSent && (
        <Stack gap="xs">
          <Text fw={500} id="code-label">
            Код из SMS
          </Text>
          <PinInput
            length={ACTIVATION_CODE_LENGTH}
            type="number"
            oneTimeCode
            value={code}
            onChange={setCode}
            onComplete={(value) => void confirm(value)}
            aria-label="Код из SMS"
            size="lg"
            disabled={isConfirming}
          />
          <Button onClick={() => void confirm()} loading={isConfirming} mt="sm">
            Подтвердить
          </Button>
        </Stack>
      )}
      <Group>
        <Button variant={isCodeSent ? 'default' : 'filled'} onClick={() => void sendCode()} loading={isSending} disabled={secondsLeft > 0}>
          {isCodeSent ? 'Отправить код повторно' : 'Получить код'}
        </Button>
        {secondsLeft > 0 && (
          <Text size="sm" c="dimmed" data-testid="resend-countdown">
            Повторно через {secondsLeft} {plural(secondsLeft, 'секунду', 'секунды', 'секунд')}
          </Text>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        Не тот номер?{' '}
        <Anchor component="button" type="button" onClick={() => void logout()} inherit>
          Выйти
        </Anchor>{' '}
        и зарегистрироваться заново.
      </Text>
    </Stack>
  );
}
