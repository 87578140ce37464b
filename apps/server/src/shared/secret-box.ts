import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Outside production a fixed key lets the demo save a token without setup; production must set SECRETS_KEY. */
const DEVELOPMENT_KEY = 'vmeste-development-only-secrets-key';

export class SecretsKeyMissing extends Error {}

/**
 * Secrets kept in the database (a delivery service's API token) are sealed with AES-256-GCM under a
 * key from the environment, so a copy of the database alone does not give them away. The sealed
 * text is `v1.<iv>.<tag>.<data>` in base64url; a wrong key or a changed text fails to open.
 */
export function createSecretBox(secretsKey: string | undefined, isProduction: boolean) {
  const passphrase = secretsKey ?? (isProduction ? null : DEVELOPMENT_KEY);
  const key = passphrase ? createHash('sha256').update(passphrase).digest() : null;
  const requireKey = () => {
    if (!key) throw new SecretsKeyMissing('SECRETS_KEY is not set');
    return key;
  };
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', requireKey(), iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed: string): string {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', requireKey(), Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

export type SecretBox = ReturnType<typeof createSecretBox>;
