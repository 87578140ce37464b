import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import { createAccountEvents } from './account-events.js';
import { createActivationService } from './activation.service.js';
import { createAuthService } from './auth.service.js';
import { createCustomCashbackService } from './custom-cashback.service.js';
import { createPasswordRecoveryService } from './password-recovery.service.js';
import { createProfileService } from './profile.service.js';
import { createStaffService } from './staff.service.js';

export function createAccountsServices({ db, config, messenger }: { db: Db; config: Config; messenger: Messenger }) {
  const events = createAccountEvents();
  return {
    events,
    auth: createAuthService({ db, config }),
    passwordRecovery: createPasswordRecoveryService({ db, config, messenger }),
    activation: createActivationService({ db, config, messenger, events }),
    profile: createProfileService({ db }),
    staff: createStaffService({ db }),
    customCashback: createCustomCashbackService({ db }),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;
