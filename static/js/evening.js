/* Tonight's online session on every page (templates/partials/evening.html): a light websocket
 * (/ws/notices/, the player's own group) says "look again" when his place changes (a draw, a move,
 * a new table, his knock-out, the end); the page then fetches its notice again. A page of the table
 * he has just been moved away from takes him to his new table by itself. On a table page, the notice
 * waits until the hand on show is over (no knock-out told before the board is shown). A notice sent
 * while the page was loading or its socket closed is not lost: each opening of the socket looks
 * again, and a look that fails is tried again (5 times, 1 to 5 s apart). A player waiting for his
 * table (the session about to start, or round 2 about to be drawn) on the home page or the session's
 * page is taken to it when it opens (not the organizer from the session's page, which he runs).
 * The same socket brings the organizer's announcement, passed on to static/js/announcement.js. */
(function () {
  "use strict";
  var box = document.getElementById("evening");
  if (!box) return;
  var handOnShow = false, pending = false, retry = 0, failed = 0;
  // This page is (or was, before his table finished) the table he was seated at.
  var wasHere = box.dataset.table === location.pathname;

  function refresh() {
    if (handOnShow) { pending = true; return; }
    pending = false;
    var before = box.dataset.table;  // where he sat when this notice was drawn
    var waiting = box.dataset.kind === "soon" || box.dataset.kind === "waiting";
    fetch(box.dataset.url + "?page=" + encodeURIComponent(location.pathname), { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : Promise.reject(response.status); })
      .then(function (html) {
        failed = 0;
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("evening");
        if (!fresh) { box.hidden = true; return; }
        box.replaceWith(fresh);
        box = fresh;
        announce(box.dataset.announcement);
        var now = box.dataset.table;
        wasHere = wasHere || before === location.pathname;
        if (wasHere && now && now !== location.pathname) location.assign(now);
        else if (waiting && box.dataset.kind === "seated" && now && waitsHere()) location.assign(now);
      })
      .catch(function () {
        failed += 1;
        if (failed <= 5) setTimeout(refresh, 1000 * failed); // then the next notice or opening
      });
  }

  function announce(announcement) {
    if (typeof announcement === "string") {
      try { announcement = JSON.parse(announcement); } catch (e) { return; }
    }
    document.dispatchEvent(new CustomEvent("arf:announcement", { detail: announcement || null }));
  }

  // The pages where a player waits for his table: the home page, the session's page.
  function waitsHere() {
    var path = location.pathname;
    return path === "/" || (path === box.dataset.session && !box.dataset.organizer);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + box.dataset.ws);
    socket.addEventListener("open", function () {
      // Notices may have been missed before it opened: the page's first load raced the last one,
      // or it was closed a while.
      refresh();
      retry = 0;
    });
    socket.addEventListener("message", function (event) {
      var message = JSON.parse(event.data);
      if (message.type === "notice") refresh();
      // The organizer's announcement: shown at once, even during a hand (static/js/announcement.js).
      else if (message.type === "announcement") announce(message.announcement);
    });
    socket.addEventListener("close", function () {
      retry = Math.min(retry + 1, 6);
      setTimeout(connect, 500 * retry);
    });
  }

  document.addEventListener("arf:table-view", function (event) {
    var hand = event.detail.hand, table = event.detail.table;
    // A finished table's hand changes no more, whatever its last view said.
    handOnShow = !!(hand && !hand.over) && !(table && table.status === "finished");
    if (!handOnShow && pending) refresh();
  });
  connect();
})();
