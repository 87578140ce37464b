import { Anchor, Button, Group, PinInput, Stack, Text } from '@mantine/core';
import { useInterval } from '@mantine/hooks';
import { ACTIVATION_CODE_LENGTH, type ActivationConfirmBody, activationConfirmBodySchema, plural } from '@vmeste/contract';
import { useEffect, useState } from 'react';
import { FormError } from '@/components/form-error';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useConfirmActivation } from '../api/confirm-activation';
import { logout } from '../api/logout';
import { useSendActivationCode } from '../api/send-activation-code';

/** Confirms the phone with the SMS code; once confirmed, the guard opens the cabinet. */
export function ActivationForm() {
  // No text fields: every message of this form, the code's included, shows above it.
  const form = useFormFields({});
  const [code, setCode] = useState('');
  const [isCodeSent, setCodeSent] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const ticker = useInterval(() => setSecondsLeft((s) => Math.max(0, s - 1)), 1000);
  const sendCode = useSendActivationCode();
  const confirmActivation = useConfirmActivation();

  useEffect(() => {
    if (secondsLeft > 0) ticker.start();
    else ticker.stop();
    return ticker.stop;
  }, [secondsLeft, ticker]);

  const sending = useFormSubmit(form, {
    send: () => sendCode.mutateAsync(),
    onSuccess: (answer) => {
      setCodeSent(true);
      setSecondsLeft(answer.resendAfterSeconds);
      toast.info('Код подтверждения отправлен по SMS');
    },
    onError: (error) => {
      // Too many requests: the code was sent before, so the countdown shows when to ask again.
      if (isApiError(error) && error.statusCode === 429 && error.retryAfterSeconds) {
        setCodeSent(true);
        setSecondsLeft(error.retryAfterSeconds);
      }
    },
  });
  const confirming = useFormSubmit(form, {
    schema: activationConfirmBodySchema,
    send: (body: ActivationConfirmBody) => confirmActivation.mutateAsync({ body }),
    onSuccess: () => toast.success('Аккаунт подтверждён'),
    onError: () => setCode(''),
  });

  return (
    <>
      <FormError message={form.formError ?? form.errors.code ?? null} />
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
            onComplete={(value) => void confirming.submit({ code: value })}
            aria-label="Код из SMS"
            size="lg"
            disabled={confirming.isSubmitting}
          />
          <Button onClick={() => void confirming.submit({ code })} loading={confirming.isSubmitting} mt="sm">
            Подтвердить
          </Button>
        </Stack>
      )}
      <Group>
        <Button
          variant={isCodeSent ? 'default' : 'filled'}
          onClick={() => void sending.submit(undefined)}
          loading={sending.isSubmitting}
          disabled={secondsLeft > 0}
        >
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
    </>
  );
}
