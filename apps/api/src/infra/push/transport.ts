import type https from 'node:https';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import { pushEndpointAllowed } from './hosts.ts';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushMessage {
  /** The JSON the service worker shows (apps/web/pwa/sw.js): title, body, url, tag. */
  payload: string;
  /** Seconds the push service keeps it for an offline device; a notice older than a day is stale. */
  ttl: number;
  urgency: 'normal' | 'high';
}

/** The push service answered that the subscription no longer exists (404 or 410): remove it, do not retry. */
export class PushGoneError extends Error {
  readonly statusCode: number;
  constructor(statusCode: number) {
    super(`push subscription gone (${statusCode})`);
    this.statusCode = statusCode;
  }
}

/** Sends one encrypted Web Push message (RFC 8030/8291/8292) with the `web-push` library. */
export interface PushTransport {
  publicKey: string;
  send(target: PushTarget, message: PushMessage): Promise<void>;
}

/**
 * `agent`: tests pass one that trusts their local HTTPS receiver's certificate. The endpoint is checked
 * against PUSH_HOSTS again here (the list may have shrunk since the browser subscribed), and the request
 * has a timeout: a slow push service delays the outbox, never a person's request.
 */
export function createPushTransport(
  config: Pick<Config, 'push'>,
  keys: VapidKeys,
  options: { agent?: https.Agent; timeoutMs?: number } = {},
): PushTransport {
  return {
    publicKey: keys.publicKey,
    async send(target, message) {
      if (!pushEndpointAllowed(target.endpoint, config.push.hosts)) throw new PushGoneError(410); // no longer allowed: treated as gone, so the subscription goes
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          message.payload,
          {
            vapidDetails: {
              subject: config.push.subject,
              publicKey: keys.publicKey,
              privateKey: keys.privateKey,
            },
            TTL: message.ttl,
            urgency: message.urgency,
            contentEncoding: 'aes128gcm',
            timeout: options.timeoutMs ?? 10_000,
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) throw new PushGoneError(status);
        throw err instanceof Error ? err : new Error(String(err));
      }
    },
  };
}
