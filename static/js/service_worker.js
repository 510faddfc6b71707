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
