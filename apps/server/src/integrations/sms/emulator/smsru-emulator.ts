import type http from 'node:http';
import { readBody, startEmulatorServer } from '../../emulator-server.js';

export type EmulatedSms = { apiId: string; to: string; msg: string };

/**
 * A local server speaking SMS.ru's `/sms/send` protocol (form fields api_id, to, msg, json=1), so the
 * real client is tested without the internet. `api_id` "bad-key" answers the gateway's auth error;
 * phones starting with 7999 are refused per number, as SMS.ru does for unreachable numbers. Tests start
 * it; the shop never does.
 */
export async function startSmsRuEmulator() {
  const received: EmulatedSms[] = [];
  let counter = 0;
  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'POST' || url.pathname !== '/sms/send') {
      res.writeHead(404).end();
      return;
    }
    const form = new URLSearchParams(body);
    const apiId = form.get('api_id') ?? '';
    const to = form.get('to') ?? '';
    const msg = form.get('msg') ?? '';
    res.setHeader('content-type', 'application/json');
    if (apiId === 'bad-key') {
      res.end(JSON.stringify({ status: 'ERROR', status_code: 200, status_text: 'Неправильный api_id' }));
      return;
    }
    received.push({ apiId, to, msg });
    if (to.startsWith('7999')) {
      res.end(
        JSON.stringify({
          status: 'OK',
          status_code: 100,
          sms: { [to]: { status: 'ERROR', status_code: 207, status_text: 'На этот номер нельзя отправлять сообщения' } },
          balance: 100,
        }),
      );
      return;
    }
    counter += 1;
    res.end(
      JSON.stringify({
        status: 'OK',
        status_code: 100,
        sms: { [to]: { status: 'OK', status_code: 100, sms_id: `000000-${String(counter).padStart(8, '0')}` } },
        balance: 4122.56,
      }),
    );
  }

  const server = await startEmulatorServer({ name: 'SMS.ru', handle });
  return { baseUrl: server.origin, received, close: server.close };
}
