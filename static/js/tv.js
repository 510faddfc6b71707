/* The TV clock follows the session as it changes: the session's socket (/ws/sessions/<pk>/,
 * championship/session_events.py) says "changed" after each start, pause, level, knock-out, draw
 * or end, and the screen fetches its block again at once (htmx, the "arf-refresh" trigger of
 * <main>). A level that ends by the clock refreshes it too (static/js/clock.js's "arf:level-end").
 * While the socket is closed a small "offline" mark shows; each opening of the socket (the first
 * and every reconnection) fetches the block, so what was missed meanwhile is shown. */
(function () {
  "use strict";
  var main = document.querySelector("[data-session-ws]");
  var mark = document.querySelector("[data-offline-mark]");
  if (!main || !window.htmx) return;
  var timer = null, retry = 0, socket = null;

  function refresh() {
    // Several changes in one moment (a knock-out that draws round 2): one fetch.
    if (timer) return;
    timer = setTimeout(function () { timer = null; htmx.trigger(main, "arf-refresh"); }, 50);
  }

  function offline(yes) {
    if (mark) mark.hidden = !yes;
    document.body.classList.toggle("is-offline", yes);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    socket = new WebSocket(scheme + location.host + main.dataset.sessionWs);
    socket.addEventListener("open", function () { retry = 0; offline(false); refresh(); });
    socket.addEventListener("message", function (event) {
      if (JSON.parse(event.data).type === "changed") refresh();
    });
    socket.addEventListener("close", function () {
      offline(true);
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * retry);
    });
  }

  // The browser knows first when the network goes: the mark at once, the socket will follow.
  window.addEventListener("offline", function () { offline(true); });
  window.addEventListener("online", function () {
    if (socket && socket.readyState === WebSocket.OPEN) { offline(false); refresh(); }
  });
  document.addEventListener("arf:level-end", function () { setTimeout(refresh, 300); });
  connect();
})();
