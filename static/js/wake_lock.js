/* The screen kept awake (Screen Wake Lock) while a page needs it: the live table while he is seated
 * (``ArfWake.want(seated)``, static/js/table.js and draw.js), the TV clock all the time (its body's
 * data-wake-lock). The browser drops the lock when the page is hidden; it is asked again when the
 * page is seen again, and let go when he leaves his seat or the page. Where the browser has no wake
 * lock (or refuses it), nothing happens: the screen dims as before. */
window.ArfWake = (function () {
  "use strict";
  var wanted = false, lock = null, asking = false;
  function supported() { return !!(navigator.wakeLock && navigator.wakeLock.request); }
  function take() {
    if (!wanted || lock || asking || !supported() || document.visibilityState !== "visible") return;
    asking = true;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      asking = false;
      lock = sentinel;
      sentinel.addEventListener("release", function () { if (lock === sentinel) lock = null; });
      if (!wanted) release();
    }, function () { asking = false; /* refused (battery saver, a policy): the screen dims */ });
  }
  function release() {
    if (!lock) return;
    var sentinel = lock;
    lock = null;
    sentinel.release().catch(function () { /* already let go by the browser */ });
  }
  function want(on) {
    on = !!on;
    if (on === wanted) return;
    wanted = on;
    if (on) take(); else release();
  }
  document.addEventListener("visibilitychange", take);
  window.addEventListener("pagehide", release);
  if (document.body && document.body.hasAttribute("data-wake-lock")) want(true);
  return { want: want, held: function () { return !!lock; } };
})();
