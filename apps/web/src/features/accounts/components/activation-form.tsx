import { Anchor, Button, Group, Loader, PinInput, Stack, Text } from '@mantine/core';
import {
  ACTIVATION_CODE_LENGTH,
  ACTIVATION_RESEND_SECONDS,
  type ActivationConfirmBody,
  activationConfirmBodySchema,
  plural,
} from '@vmeste/contract';
import { useEffect, useRef, useState } from 'react';
import { FormError } from '@/components/form-error';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useConfirmActivation } from '../api/confirm-activation';
import { useActivationStatus } from '../api/get-activation-status';
import { logout } from '../api/logout';
import { useSendActivationCode } from '../api/send-activation-code';

/** A code this page asked for (or learned of from a 429), with the server's wait before the next one. */
type SentHere = { at: number; waitSeconds: number };

/**
 * Confirms the phone with the SMS code; once confirmed, the guard opens the cabinet. The sign-up has
 * sent the first code, so the page opens ready for it, counting down to when another may be asked for.
 */
export function ActivationForm() {
  // No text fields: every message of this form, the code's included, shows above it.
  const form = useFormFields({});
  const [code, setCode] = useState('');
  const codeCells = useRef<HTMLDivElement>(null);
  const isRefocusDue = useRef(false);
  const status = useActivationStatus();
  const [sentHere, setSentHere] = useState<SentHere | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const sendCode = useSendActivationCode();
  const confirmActivation = useConfirmActivation();

  const resendAt = sentHere
    ? sentHere.at + sentHere.waitSeconds * 1000
    : status.data
      ? status.dataUpdatedAt + status.data.resendAfterSeconds * 1000
      : 0;
  const secondsLeft = Math.min(ACTIVATION_RESEND_SECONDS, Math.max(0, Math.ceil((resendAt - now) / 1000)));
  const isCodeSent = sentHere !== null || status.data?.isCodeSent === true;
  const isCounting = secondsLeft > 0;

  useEffect(() => {
    if (!isCounting) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [isCounting]);

  function startCountdown(waitSeconds: number) {
    const at = Date.now();
    setSentHere({ at, waitSeconds });
    setNow(at);
  }

  const sending = useFormSubmit(form, {
    send: () => sendCode.mutateAsync(),
    onSuccess: (answer) => {
      startCountdown(answer.resendAfterSeconds);
      toast.info('Код подтверждения отправлен по СМС');
    },
    onError: (error) => {
      // Too many requests: the code was sent before, so the countdown shows when to ask again.
      if (isApiError(error) && error.statusCode === 429 && error.retryAfterSeconds) startCountdown(error.retryAfterSeconds);
    },
  });
  const confirming = useFormSubmit(form, {
    schema: activationConfirmBodySchema,
    send: (body: ActivationConfirmBody) => confirmActivation.mutateAsync({ body }),
    onSuccess: () => toast.success('Аккаунт подтверждён'),
    onError: () => {
      setCode('');
      isRefocusDue.current = true;
    },
  });

  // A refused code clears the cells; the first one takes the code again, with no tap needed. The cells
  // are disabled while the code is checked, so this runs once they are back (the check has ended).
  useEffect(() => {
    if (!isRefocusDue.current || confirming.isSubmitting) return;
    isRefocusDue.current = false;
    codeCells.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, [confirming.isSubmitting]);

  if (status.isPending) return <Loader size="sm" role="status" aria-label="Загрузка" />;

  return (
    <>
      <FormError message={form.formError ?? form.errors.code ?? null} />
      {isCodeSent && (
        <Stack gap="xs">
          <Text fw={500} id="code-label">
            Код из СМС
          </Text>
          <div ref={codeCells}>
            <PinInput
              length={ACTIVATION_CODE_LENGTH}
              type="number"
              oneTimeCode
              value={code}
              onChange={setCode}
              onComplete={(value) => void confirming.submit({ code: value })}
              aria-label="Код из СМС"
              size="lg"
              disabled={confirming.isSubmitting}
            />
          </div>
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
          disabled={isCounting}
        >
          {isCodeSent ? 'Отправить код повторно' : 'Получить код'}
        </Button>
        {isCounting && (
          <Text size="sm" c="dimmed" data-testid="resend-countdown">
            Новый код можно запросить через {secondsLeft} {plural(secondsLeft, 'секунду', 'секунды', 'секунд')}
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
