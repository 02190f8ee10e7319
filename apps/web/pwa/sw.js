/* global self, caches, fetch, URL, Request, Response */
/**
 * The service worker (decision 0167): hand-written, a few rules and nothing else.
 *
 * - Precache (at install): the app shell's entry script and styles, the fonts, the icons and the offline
 *   page. The build (apps/web/vite.config.ts, `serviceWorker()`) writes this file to dist/client/sw.js
 *   with `PRECACHE` and `VERSION` filled in; a new build is a new cache, the old ones are deleted.
 * - Pages (navigations): always from the network, never stored; when the network is down, the offline page.
 *   So a private page (or any page) is never kept on the device.
 * - Hashed static files under /assets/: from the cache, else the network (and kept: their names change with
 *   their content). Nothing else is touched: /api, /media and every other request go to the network as if
 *   there were no worker, so no API answer (session or not) is ever cached.
 * - Push: shows the notice the server sent (discreet text unless the person chose details) and a tap opens
 *   its page, focusing a tab of the site when one is open.
 */
const PRECACHE = self.__PRECACHE ?? [];
const VERSION = self.__VERSION ?? 'dev';
const CACHE = `encanto-${VERSION}`;
const OFFLINE_URL = '/offline.html';
const HASHED = /-[A-Za-z0-9_-]{8}\.(js|css|woff2?|svg|webp|png)$/;

/** What the worker does with a request: 'page', 'asset' or null (left to the network). */
function routeOf(request, origin) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/') && (HASHED.test(url.pathname) || PRECACHE.includes(url.pathname)))
    return 'asset';
  return null;
}
self.__routeOf = routeOf;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(keys.filter((k) => k.startsWith('encanto-') && k !== CACHE).map((k) => caches.delete(k))),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const route = routeOf(event.request, self.location.origin);
  if (route === 'page') {
    event.respondWith(
      fetch(event.request).catch(async () => (await caches.match(OFFLINE_URL)) ?? Response.error()),
    );
  } else if (route === 'asset') {
    event.respondWith(
      caches.match(event.request).then(
        (hit) =>
          hit ??
          fetch(event.request).then((response) => {
            if (response.ok && HASHED.test(new URL(event.request.url).pathname)) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(event.request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Encanto';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : 'Tienes una novedad en Encanto',
      icon: '/assets/icons/icon-192.png',
      badge: '/assets/icons/icon-192.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      lang: 'es-CL',
      data: { url: typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const same = tabs.find((tab) => tab.url === target);
      if (same) return same.focus();
      const any = tabs.find((tab) => new URL(tab.url).origin === self.location.origin);
      if (any) return any.navigate(target).then((tab) => tab?.focus());
      return self.clients.openWindow(target);
    }),
  );
});
