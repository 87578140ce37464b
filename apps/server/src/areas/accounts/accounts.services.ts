import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Messenger } from '../messaging/index.js';
import { createAccountEvents } from './account-events.js';
import { createActivationService } from './activation.service.js';
import { createAuthService } from './auth.service.js';
import { createPasswordAttempts } from './password-attempts.js';
import { createPasswordRecoveryService } from './password-recovery.service.js';
import { createProfileService } from './profile.service.js';
import { createStaffService } from './staff.service.js';

export function createAccountsServices({ db, config, messenger }: { db: Db; config: Config; messenger: Messenger }) {
  const events = createAccountEvents();
  const activation = createActivationService({ db, config, messenger, events });
  const passwordAttempts = createPasswordAttempts({ db, config });
  return {
    events,
    // The activation code goes out with the sign-up, so the client need not ask for it.
    auth: createAuthService({ db, config, passwordAttempts, afterSignUp: (user, meta) => activation.sendFirstCode(user, meta) }),
    passwordRecovery: createPasswordRecoveryService({ db, config, messenger }),
    activation,
    profile: createProfileService({ db, passwordAttempts }),
    staff: createStaffService({ db }),
  };
}

export type AccountsServices = ReturnType<typeof createAccountsServices>;
