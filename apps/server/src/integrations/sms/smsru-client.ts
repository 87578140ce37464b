import { type SmsSender, SmsSendError } from './sms-sender.js';

type SmsRuAnswer = {
  status: 'OK' | 'ERROR';
  status_code: number;
  status_text?: string;
  sms?: Record<string, { status: 'OK' | 'ERROR'; status_code: number; sms_id?: string; status_text?: string }>;
};

/**
 * SMS.ru HTTP API: POST {base}/sms/send with api_id, to, msg, json=1. The answer is OK as a whole
 * and per number; a number can fail while the request succeeds, so both are checked.
 */
export function createSmsRuClient(options: {
  apiId: string;
  baseUrl: string;
  sender?: string | undefined;
  fetchImpl?: typeof fetch;
}): SmsSender {
  const fetchImpl = options.fetchImpl ?? fetch;
  return {
    name: 'smsru',
    async send(phone, text) {
      const form = new URLSearchParams({ api_id: options.apiId, to: phone, msg: text, json: '1' });
      if (options.sender) form.set('from', options.sender);
      let response: Response;
      try {
        response = await fetchImpl(`${options.baseUrl}/sms/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        throw new SmsSendError(`SMS.ru недоступен: ${(error as Error).message}`);
      }
      if (!response.ok) throw new SmsSendError(`SMS.ru ответил HTTP ${response.status}`);
      const answer = (await response.json()) as SmsRuAnswer;
      if (answer.status !== 'OK')
        throw new SmsSendError(`SMS.ru: ${answer.status_text ?? 'ошибка'} (код ${answer.status_code})`, answer.status_code);
      const perNumber = answer.sms?.[phone];
      if (!perNumber || perNumber.status !== 'OK' || !perNumber.sms_id) {
        throw new SmsSendError(
          `SMS.ru: ${perNumber?.status_text ?? 'номер не принят'} (код ${perNumber?.status_code ?? '—'})`,
          perNumber?.status_code,
        );
      }
      return { providerMessageId: perNumber.sms_id };
    },
  };
}
