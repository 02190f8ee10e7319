import { createHmac, timingSafeEqual } from 'node:crypto';
import { notificationKindValues, type NotificationKind } from '@encanto/core/notifications';
import type { Config } from '../../config.ts';
import { deriveKey, loadMasterKey } from '../../lib/master-key.ts';

/**
 * Unsubscribe links carry `<account id>.<kind>.<HMAC>`: anyone holding the mail
 * may turn that one kind off for that one account, without logging in, and
 * nothing else. The key is derived from the deployment's master key, so every
 * instance accepts every instance's links, and they never expire.
 */
const keys = new WeakMap<object, Promise<Buffer>>();
function keyFor(config: Pick<Config, 'documentKey' | 'dataDir'>): Promise<Buffer> {
  let key = keys.get(config);
  if (!key) {
    key = loadMasterKey(config).then((master) => deriveKey(master, 'unsubscribe'));
    keys.set(config, key);
  }
  return key;
}

const mac = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export async function signUnsubscribe(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  accountId: string,
  kind: NotificationKind,
): Promise<string> {
  const payload = `${accountId}.${kind}`;
  return `${payload}.${mac(await keyFor(config), payload)}`;
}

/** The account and kind a token names, or null when it is malformed or its signature is wrong. */
export async function verifyUnsubscribe(
  config: Pick<Config, 'documentKey' | 'dataDir'>,
  token: string,
): Promise<{ accountId: string; kind: NotificationKind } | null> {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [accountId, kind, signature] = parts as [string, string, string];
  if (!/^[0-9a-f-]{36}$/.test(accountId)) return null;
  if (!(notificationKindValues as readonly string[]).includes(kind)) return null;
  const expected = Buffer.from(mac(await keyFor(config), `${accountId}.${kind}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { accountId, kind: kind as NotificationKind };
}
