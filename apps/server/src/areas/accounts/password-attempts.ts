import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { claimSlowedAttempt, clearHits, countHit, hitRateLimit, hitsOf, refundHit } from '../../shared/rate-limiter.js';
import type { RequestMeta } from '../../shared/request-meta.js';
import { hasSessionFromAddress } from './sessions.repository.js';

/** How long an address the owner signed in from counts as theirs, past the account-wide slowing. */
const USUAL_ADDRESS_DAYS = 30;

/** What the caller tells once the password was checked. */
export type PasswordAttempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/**
 * The limits on guessing an account's password, as OWASP advises: only failures count; one address
 * trying one account is stopped after `perPhone` failures in the window (that pair alone); one
 * address failing across accounts after `perIp`; and past `perAccount` failures of an account from
 * every address together, attempts on it are slowed (one per growing delay) rather than refused for
 * the window — except from an address the owner signed in from lately, so an attacker on other
 * addresses, however fast they take the slowed slots, cannot lock the owner out.
 *
 * Sign-in and the current-password check of a password change share these counters: both are a
 * guess of the same password.
 */
export function createPasswordAttempts({ db, config }: { db: DbOrTx; config: Config }) {
  const { perIp, perPhone, perAccount, maxDelaySeconds, windowSeconds } = config.authRateLimit;
  const keys = (phone: string, meta: RequestMeta) => ({
    address: `password:ip:${meta.ip}`,
    pair: `password:pair:${phone}:${meta.ip}`,
    account: `password:account:${phone}`,
    slot: `password:account-slot:${phone}`,
  });

  const isUsualAddress = (phone: string, ip: string) =>
    hasSessionFromAddress(db, phone, ip, new Date(Date.now() - USUAL_ADDRESS_DAYS * 86_400_000));

  return {
    /**
     * Throws 429 when this attempt may not be made now; otherwise counts it as a failure ahead (so
     * simultaneous attempts cannot all pass) and answers how to settle it.
     */
    async begin(phone: string, meta: RequestMeta): Promise<PasswordAttempt> {
      const key = keys(phone, meta);
      // The slowing comes first: an attempt it turns away must not use up the pair's or the address's budget,
      // or the owner retrying through an attack would lock their own address out.
      if ((await hitsOf(db, key.account, windowSeconds)) >= perAccount && !(await isUsualAddress(phone, meta.ip)))
        await claimSlowedAttempt(db, key.slot, { windowSeconds, maxDelaySeconds });
      await hitRateLimit(db, key.address, { limit: perIp, windowSeconds });
      await hitRateLimit(db, key.pair, { limit: perPhone, windowSeconds });
      return {
        async succeeded() {
          // The right password: this address's failures on the account are forgiven and the attempt gives
          // its hit back. The account's count stays: the attack on it may go on.
          await clearHits(db, key.pair);
          await refundHit(db, key.address);
        },
        async failed() {
          await countHit(db, key.account, windowSeconds);
        },
      };
    },
  };
}

export type PasswordAttempts = ReturnType<typeof createPasswordAttempts>;
