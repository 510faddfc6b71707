/* The installed app's service worker (arf/pwa.py, static/js/service_worker.js), registered on
 * every page once it has loaded. When it holds every file of this version (<meta name="arf-assets">),
 * a cookie says so: the next table page comes with its scripts and styles linked, drawn from that
 * cache, instead of written into the page (poker/templatetags/inline_assets.py). */
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="arf-assets"]');
  if (!meta || !("serviceWorker" in navigator) || !window.caches) return;
  var version = meta.content;
  function cached() {
    caches.has("arf-" + version).then(function (has) {
      document.cookie = "arf_assets=" + (has ? version : "") + "; path=/; max-age=31536000; SameSite=Lax";
    }).catch(function () { /* no cache storage here (a private window): the pages carry their files */ });
  }
  function register() {
    navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* not installable here */ });
    navigator.serviceWorker.ready.then(cached);
  }
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register);
})();
