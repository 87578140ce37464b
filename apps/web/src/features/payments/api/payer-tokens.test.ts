import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '@/lib/test-api';
import { abandonPayment } from './abandon-payment';
import { rememberPayerToken } from './payer-tokens';
import { uploadReceipt } from './upload-receipt';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const LINK_PAYMENT = '00000000-0000-4000-8000-0000000000d1';
const CABINET_PAYMENT = '00000000-0000-4000-8000-0000000000d2';

describe('the payer token of a payment started by an order link', () => {
  it('goes with this browser’s refusal and receipt of that payment, and with no other', async () => {
    const calls = stubApi(() => ({ body: {} }));
    rememberPayerToken([LINK_PAYMENT], 'token-of-this-browser');
    rememberPayerToken([CABINET_PAYMENT], null);

    await abandonPayment({ params: { id: LINK_PAYMENT } });
    await uploadReceipt({ params: { id: LINK_PAYMENT }, file: new File(['%PDF-1.4'], 'чек.pdf', { type: 'application/pdf' }) });
    await abandonPayment({ params: { id: CABINET_PAYMENT } });

    expect(calls.map((c) => [c.path, c.query.get('payer')])).toEqual([
      [`/payments/${LINK_PAYMENT}/abandon`, 'token-of-this-browser'],
      [`/payments/${LINK_PAYMENT}/receipt`, 'token-of-this-browser'],
      [`/payments/${CABINET_PAYMENT}/abandon`, null],
    ]);
  });
});
