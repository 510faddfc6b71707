/* The service worker (arf/pwa.py serves it at /sw.js, its configuration first: self.ARF_CACHE =
 * {version, files, offline}). It keeps the site's static files at their versioned URLs and the
 * offline page, in one cache per version; the older caches go when a new version takes over.
 *
 * A static file of the list comes from the cache (then the network if the cache lost it); a page's
 * navigation from the network alone, the offline page when there is none. Nothing else is touched:
 * no page is kept (private or not), no download, no form, and sockets never pass through here.
 */
"use strict";
var CONFIG = self.ARF_CACHE;
var CACHE = "arf-" + CONFIG.version;
var FILES = {};
CONFIG.files.forEach(function (url) { FILES[new URL(url, self.location).href] = true; });

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return cache.addAll(CONFIG.files.concat([CONFIG.offline]));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  // A navigation's request starts while the worker wakes up (navigation preload): the page is not
  // later for passing through here.
  var preload = self.registration.navigationPreload ? self.registration.navigationPreload.enable() : Promise.resolve();
  event.waitUntil(preload.then(function () { return caches.keys(); }).then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("arf-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  if (request.mode === "navigate") {
    event.respondWith(Promise.resolve(event.preloadResponse).then(function (preloaded) {
      return preloaded || fetch(request);
    }).catch(function () {
      return caches.open(CACHE).then(function (cache) { return cache.match(CONFIG.offline); });
    }));
    return;
  }
  if (!FILES[request.url]) return;
  event.respondWith(caches.open(CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) { return hit || fetch(request); });
  }));
});

/* Web Push (poker/push, docs/push.md). A message is JSON: {title, body, url, tag, kind}, decrypted by
 * the browser. It is shown at once (the browser requires it); a newer one with the same tag (the
 * same table's turn) replaces the older and alerts again. A click focuses a window of the app already
 * at its page, or brings a window of the app there, or opens one. */
self.addEventListener("push", function (event) {
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data.text() };
  }
  var options = { body: data.body || "", icon: CONFIG.icon, badge: CONFIG.icon, data: { url: pageOf(data.url) } };
  if (data.tag) { options.tag = data.tag; options.renotify = true; }
  event.waitUntil(self.registration.showNotification(data.title || "ARF", options));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  event.waitUntil(openPage(pageOf(event.notification.data && event.notification.data.url)));
});

// Only a page of this site: the message comes from our server, but a click never leaves the app.
function pageOf(url) {
  var page = new URL(url || "/", self.location.origin);
  return page.origin === self.location.origin ? page.href : new URL("/", self.location.origin).href;
}

function openPage(url) {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    var same = windows.filter(function (client) { return client.url === url; })[0];
    if (same) return same.focus();
    var other = windows.filter(function (client) { return "navigate" in client; })[0];
    if (!other) return self.clients.openWindow(url);
    // Focus first, while the click still allows it; a window this worker does not control cannot
    // be navigated: a new one is opened.
    return Promise.resolve().then(function () { return other.focus(); }).catch(function () { return other; })
      .then(function () { return other.navigate(url); })
      .then(function (client) { return client || self.clients.openWindow(url); })
      .catch(function () { return self.clients.openWindow(url); });
  });
}
