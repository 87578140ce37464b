import { paymentsEndpoints } from '@vmeste/contract';
import { routesOf } from '../../http/endpoint-routes.js';
import { AppError } from '../../shared/app-error.js';
import type { PaymentAdminService } from './payment-admin.service.js';
import { actorOf } from '../../shared/actor.js';
import type { Settlement } from './payment-settlement.js';
import type { PaymentsExport } from './payments-export.js';
import type { PayerClaim, PaymentsService } from './payments.service.js';
import type { RequestAuth } from '../../http/endpoint-routes.js';
import type { SandboxProvider } from './providers/sandbox-provider.js';

type Services = {
  payments: PaymentsService;
  admin: PaymentAdminService;
  settlement: Settlement;
  exporter: PaymentsExport;
  sandbox: SandboxProvider | null;
  isNotificationSourceAllowed: (address: string) => boolean;
};

function requireSandbox(sandbox: SandboxProvider | null): SandboxProvider {
  // Unless the sandbox was chosen the test page does not exist, so nobody can mark a payment paid by hand.
  if (!sandbox) throw new AppError('NOT_FOUND', 'Тестовой оплаты в этом магазине нет');
  return sandbox;
}

/** The caller of a payer's action: the session if one came with the request, and the payer token. */
async function claimOf(viewer: () => Promise<RequestAuth | null>, payerToken: string | undefined): Promise<PayerClaim> {
  const auth = await viewer();
  return { userId: auth?.user.id ?? null, isAdmin: auth?.user.role === 'admin', payerToken };
}

export function paymentsRoutes({ payments, admin, settlement, exporter, sandbox, isNotificationSourceAllowed }: Services) {
  return routesOf(paymentsEndpoints, {
    create: ({ body, auth }) => payments.pay({ ...body, userId: auth.user.id, payerPhone: auth.user.phone }),
    payByLink: ({ body }) => payments.pay({ orderIds: [body.orderId], method: body.method, userId: null }),
    listMine: ({ auth }) => payments.listMine(auth.user.id),
    get: ({ params }) => payments.get(params.id),
    uploadReceipt: async ({ params, query, viewer, readFile }) =>
      payments.uploadReceipt(params.id, await claimOf(viewer, query.payer), readFile),
    receiptFile: async ({ params, auth, reply }) => {
      const receipt = await payments.receiptFile(params.id, { userId: auth.user.id, isAdmin: auth.user.role === 'admin' });
      // A PDF is downloaded rather than opened on the shop's origin (a PDF can carry scripts and links);
      // a photo is shown in place, and nosniff keeps the browser to the type the bytes were checked for.
      const disposition = receipt.mime === 'application/pdf' ? 'attachment; filename="receipt.pdf"' : 'inline';
      return reply
        .type(receipt.mime)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', disposition)
        .header('x-content-type-options', 'nosniff')
        .header('content-length', receipt.file.sizeBytes)
        .send(receipt.file.stream);
    },
    abandon: async ({ params, query, viewer }) => payments.abandon(params.id, await claimOf(viewer, query.payer)),
    list: ({ query }) => admin.list(query),
    receiptsQueue: () => admin.receiptsQueue(),
    details: ({ params }) => admin.details(params.id),
    confirm: ({ params, body, auth }) => admin.confirm(params.id, actorOf(auth), body.comment),
    reject: ({ params, body, auth }) => admin.reject(params.id, actorOf(auth), body.reason),
    cancel: ({ params, body, auth }) => admin.cancel(params.id, actorOf(auth), body.reason),
    refund: ({ params, body, auth }) => admin.refund(params.id, actorOf(auth), body),
    differences: () => admin.differences(),
    refundsDue: () => admin.refundsDue(),
    refundDue: ({ params, body, auth }) => admin.refundDue(params.orderId, actorOf(auth), body.comment, body.to),
    recordCash: ({ body, auth }) => admin.recordCash(body.orderId, actorOf(auth), body.comment),
    export: async ({ query, reply }) => {
      const { fileName, stream } = await exporter.export(query);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="payments.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
    sandboxGet: ({ params }) => requireSandbox(sandbox).view(params.id),
    sandboxDecide: async ({ params, body }) => {
      const redirectUrl = await requireSandbox(sandbox).decide(params.id, body.decision);
      // The same path a YooKassa notification takes: the payment is read back from the provider and applied.
      await settlement.applyFromProvider(params.id);
      return { redirectUrl };
    },
    yookassaNotification: async ({ body, request }) => {
      if (!isNotificationSourceAllowed(request.ip)) {
        request.log.warn({ ip: request.ip }, 'payment notification from an address outside the allowed networks');
        throw new AppError('FORBIDDEN', 'Уведомление не от платёжного сервиса');
      }
      // Applied before the answer: if reading the payment back fails, YooKassa's redelivery (for a day)
      // and the re-check job both try again; an answer of 200 means it is settled.
      await settlement.applyFromProvider(body.object.id);
      return {};
    },
  });
}
