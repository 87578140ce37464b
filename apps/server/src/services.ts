import type { FastifyBaseLogger } from 'fastify';
import { createAccountEvents } from './areas/accounts/account-events.js';
import { createActivationService } from './areas/accounts/activation.service.js';
import { createPasswordRecoveryService } from './areas/accounts/password-recovery.service.js';
import { createAuthService } from './areas/auth/auth.service.js';
import { createCardsService } from './areas/cards/cards.service.js';
import { createMessenger } from './areas/messaging/messenger.js';
import { createOrdersService } from './areas/orders/orders.service.js';
import { createPurchasesService } from './areas/purchases/purchases.service.js';
import { createStaffService } from './areas/staff/staff.service.js';
import { createCustomCashbackService } from './areas/users/custom-cashback.service.js';
import { createProfileService } from './areas/users/profile.service.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { createSmsRuClient } from './integrations/sms/smsru-client.js';
import type { FileStorage } from './integrations/storage/file-storage.js';

/** Every service of the app, built once per app instance over one database. */
export function createServices(database: Database, config: Config, log: FastifyBaseLogger, storage: FileStorage) {
  const { db } = database;
  const sms = config.sms.provider === 'smsru' ? createSmsRuClient(config.sms) : null;
  const messenger = createMessenger({ db, sms, log });
  const events = createAccountEvents();
  return {
    events,
    auth: createAuthService({ db, config }),
    passwordRecovery: createPasswordRecoveryService({ db, config, messenger }),
    activation: createActivationService({ db, config, messenger, events }),
    profile: createProfileService({ db }),
    staff: createStaffService({ db }),
    customCashback: createCustomCashbackService({ db }),
    cards: createCardsService({ db }),
    purchases: createPurchasesService({ db, storage }),
    orders: createOrdersService({ db, events }),
  };
}

export type Services = ReturnType<typeof createServices>;
