import type { DbOrTx } from '../../db/client.js';
import { voidOpenPasswordResets } from './password-resets.repository.js';
import { revokeUserSessions, revokeUserSessionsExcept } from './sessions.repository.js';

/**
 * Ends every way into an account but its password: the sessions and the open reset links. Runs in
 * the transaction of whatever closed the door (deactivation, deletion, a new password), so a link
 * sent before it cannot open the account after it, nor after a later re-activation.
 * `keepSessionId` spares the session that made the change itself (a person changing their own password).
 */
export async function endAccountAccess(tx: DbOrTx, userId: string, options: { keepSessionId?: string } = {}): Promise<void> {
  await voidOpenPasswordResets(tx, userId);
  if (options.keepSessionId) await revokeUserSessionsExcept(tx, userId, options.keepSessionId);
  else await revokeUserSessions(tx, userId);
}
