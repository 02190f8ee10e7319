import { useSyncExternalStore } from 'react';

/**
 * The installable app in the browser (decisions 0166, 0167): the service worker's registration and the
 * install offer. Chromium fires `beforeinstallprompt` once the site meets its install criteria; the event
 * is kept so "Instalar app" can show the browser's own dialog later. Safari on iPhone has no such event:
 * there the entry shows how to add the site from the Share sheet.
 */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export type InstallOffer = 'prompt' | 'ios' | null;

let deferred: InstallPromptEvent | null = null;
let offer: InstallOffer = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const standalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/** iPhone or iPad Safari (iPadOS reports a Mac with touch), where adding to the home screen is manual. */
const iosSafari = () => {
  const ua = navigator.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1);
  return ios && /Safari/.test(ua) && !/CriOS|FxiOS|EdgiOS/.test(ua);
};

/** Called once by entry-client: listens for the install offer and registers the worker after the load. */
export function startPwa(): void {
  if (typeof window === 'undefined') return;
  if (!standalone() && iosSafari()) offer = 'ios';
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    offer = 'prompt';
    emit();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    offer = null;
    emit();
  });
  if ('serviceWorker' in navigator) {
    const register = () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // No worker (private mode, an old browser): the site works as before, only without offline and push.
      });
    };
    if (document.readyState === 'complete') register();
    else window.addEventListener('load', register, { once: true });
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** What "Instalar app" can do here: the browser's dialog, the iPhone instructions, or nothing (null). */
export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
}

/** Shows the browser's install dialog; true when the person accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  // Either way the used event is spent: the browser offers again later with a new one.
  offer = null;
  emit();
  return outcome === 'accepted';
}

/**
 * Whether this browser can get push notices now: 'ready', 'denied' (the person blocked notifications for
 * the site), 'ios-install' (Safari on iPhone: only the app added to the home screen may), or 'unsupported'.
 */
export type PushSupport = 'ready' | 'denied' | 'ios-install' | 'unsupported';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unsupported';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return iosSafari() && !standalone() ? 'ios-install' : 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'ready';
}

/** This browser's push subscription, if it has one (no worker registered: none). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!('serviceWorker' in navigator)) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks the person to allow notifications, then subscribes this browser with the server's VAPID key and
 * answers the subscription's JSON (endpoint and keys) for the server; null when she did not allow them.
 */
export async function subscribeThisBrowser(
  publicKey: string,
): Promise<{ endpoint: string; keys: { p256dh: string; auth: string } } | null> {
  if ((await Notification.requestPermission()) !== 'granted') return null;
  const registration = await navigator.serviceWorker.ready;
  const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}
