// Runs the YooKassa emulator by hand, to walk the payment flow in a browser without a YooKassa account:
//   npm run emulator:yookassa
// YOOKASSA_EMULATOR_PORT (3090) and YOOKASSA_EMULATOR_NOTIFY_URL (the shop's notification endpoint on :3000).
import { startYooKassaEmulator } from '../src/integrations/yookassa/emulator/yookassa-emulator.js';

const port = Number(process.env.YOOKASSA_EMULATOR_PORT ?? 3090);
const notificationUrl = process.env.YOOKASSA_EMULATOR_NOTIFY_URL ?? 'http://127.0.0.1:3000/api/payments/notifications/yookassa';

const emulator = await startYooKassaEmulator({ port, notificationUrl });
// One line the shop's environment can be copied from.
console.log(
  `Эмулятор ЮKassa слушает ${emulator.baseUrl}; магазину: PAYMENT_PROVIDER=yookassa YOOKASSA_BASE_URL=${emulator.apiUrl} ` +
    `YOOKASSA_SHOP_ID=${emulator.shopId} YOOKASSA_SECRET_KEY=${emulator.secretKey}; уведомления уходят на ${notificationUrl}`,
);
