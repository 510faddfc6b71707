/* What every table page shares (static/js/table.js: Hold'em and Razz; static/js/draw.js: draw
 * against the dealer; live tables and replays): the page's words and numbers, the cards, the
 * replay's stepper, and at a live table the socket and the view stream that turns its messages into
 * the view to draw. Every text goes through textContent, never innerHTML.
 *
 * A page script plugs its game in with ``ArfTable.page(names, game)``: ``game`` holds the few
 * rules the view stream needs (below, ``compose``), kept in ``ArfTable.games`` by game name so that
 * they can be run without a page (tests/poker/test_compose_fixtures.py runs them under node beside
 * poker.tables.views.compose); it returns the page's configuration, from which the script draws.
 *
 * The live protocol (poker/tables/consumer.py, poker/tables/broadcast.py): "snapshot" carries the viewer's whole
 * view and its seq, and at the tables that broadcast a public view also "public", the patch from
 * his view to the public one (poker/tables/delta.py), and "presence"; "update" the public view every
 * viewer gets (or, at a table that sends whole views per viewer, his whole view), as the patch from
 * the one at "prev" or whole, with its seq and the seq it follows ("prev"); "private" the player's
 * own part (his cards of a hand, ...), sent to him alone when it changes; "presence" the seats whose
 * player has no page open; "chat"; "error".
 */
window.ArfTable = (function () {
  "use strict";
  var SUITS = { s: "♠", h: "♥", d: "♦", c: "♣" };
  var games = {};

  function $(id) { return document.getElementById(id); }
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined && text !== null) node.textContent = text;
    return node;
  }
  function some(list) { return !!(list && list.length); }

  // ``game``'s rules kept under each of its ``names``; returns the page's configuration
  // (#table-config, rendered by poker/pages/views.py), null where there is no page to draw.
  function page(names, game) {
    names.forEach(function (name) { games[name] = game; });
    var config = $("table-config");
    return config ? JSON.parse(config.textContent) : null;
  }

  // ---- words and numbers, in the page's language (cfg.lang) out of its catalogue (cfg.text,
  // poker/pages/catalogue.py): "%(name)s" filled in, numbers written as the reader writes them.
  // Numbers are written here as Intl.NumberFormat(lang) writes them, for French ("12 345,5", a
  // narrow no-break space) and English ("12,345.5"), whole or with up to three decimals (Intl's
  // default); any other number or language asks Intl (tests/poker/test_compose_fixtures.py holds
  // both to the same output). The page's first Intl formatter costs some 120 ms on a slow phone
  // (ICU's data): not before the first table is drawn, and the list's one is made when idle.
  var SEPARATORS = { fr: ["\u202f", ","], en: [",", "."] };
  function words(cfg) {
    var lang = (cfg.lang || "fr").slice(0, 2);
    var numberFormat = null, listFormat;
    function intlNumber() { return numberFormat || (numberFormat = new Intl.NumberFormat(lang)); }
    function fmt(n) {
      var sep = SEPARATORS[lang];
      if (!sep || typeof n !== "number" || Math.round(n * 1000) / 1000 !== n || Math.abs(n) >= 1e15) {
        return intlNumber().format(n);
      }
      var parts = Math.abs(n).toFixed(3).replace(/\.?0+$/, "").split(".");
      var whole = parts[0].replace(/\B(?=(\d{3})+(?!\d))/g, sep[0]);
      return (n < 0 ? "-" : "") + whole + (parts[1] ? sep[1] + parts[1] : "");
    }
    function lists() {
      if (listFormat === undefined) {
        listFormat = typeof Intl !== "undefined" && Intl.ListFormat ? new Intl.ListFormat(lang, { type: "conjunction" }) : null;
      }
      return listFormat;
    }
    if (typeof requestIdleCallback === "function") requestIdleCallback(lists, { timeout: 10000 });
    function t(key, params) {
      var text = cfg.text[key] || key;
      return text.replace(/%\((\w+)\)s/g, function (_, name) {
        var value = params && params[name];
        return typeof value === "number" ? fmt(value) : (value === undefined ? "" : String(value));
      });
    }
    // A hand's name on its own (a badge), or in the middle of a sentence ("avec une paire de dix");
    // hands stored before the engine gave the phrase have only their name.
    function handName(hand) { return hand ? (hand[lang] || hand.en) : ""; }
    function handPhrase(hand) { return hand ? ((hand.phrase && hand.phrase[lang]) || handName(hand)) : ""; }
    // "Feno, Lanto et Hery".
    function listed(names) { return lists() ? lists().format(names) : names.join(", "); }
    return { lang: lang, fmt: fmt, t: t, handName: handName, handPhrase: handPhrase, listed: listed };
  }

  // ---- cards: "Td" is the ten of diamonds; null is a card face down
  function cardText(card) { return (card[0] === "T" ? "10" : card[0]) + SUITS[card[1]]; }
  function cardsText(cards) { return (cards || []).map(cardText).join(" "); }
  // ``node`` made the face (or the back) of ``card``: a span, or a button to tap.
  function cardFace(node, card) {
    // A card drawn in a span is an image to a screen reader, named by its aria-label ("10♦").
    if (node.tagName === "SPAN") node.setAttribute("role", "img");
    if (!card) {
      node.classList.add("back");
      node.setAttribute("aria-label", "?");
      return node;
    }
    node.dataset.card = card;
    node.classList.add("suit-" + card[1]);
    node.setAttribute("aria-label", cardText(card));
    node.appendChild(el("span", "rank", card[0] === "T" ? "10" : card[0]));
    node.appendChild(el("span", "suit", SUITS[card[1]]));
    return node;
  }
  function cardNode(card, big) { return cardFace(el("span", "playing-card" + (big ? " big" : "")), card); }

  // ---- the replay of a finished hand: the page's drawing, step by step (cfg.steps, with the
  // replay's words of poker/pages/catalogue.py). "Previous" and "Next" always; where the page has them,
  // a "Play" button that steps by itself and, given ``label`` (a step's street), one button per
  // street that jumps to its first step.
  function replay(steps, render, t, label) {
    var k = 0, timer = null;
    var play = $("play"), streets = $("streets");
    var starts = []; // [label, index of its first step]
    if (streets && label) {
      steps.forEach(function (step, index) {
        var name = label(step);
        if (!starts.length || starts[starts.length - 1][0] !== name) starts.push([name, index]);
      });
      starts.forEach(function (start, i) {
        var button = el("button", "button small", start[0]);
        button.type = "button";
        // A street opens at its first step; the result at its last, the hand as it ended (the
        // pots awarded, the hands named), not the moment the last card fell.
        var last = i + 1 === starts.length ? steps.length - 1 : starts[i + 1][1] - 1;
        var to = start[0] === t("street_result") ? last : start[1];
        button.addEventListener("click", function () { stop(); k = to; show(); });
        streets.appendChild(button);
      });
    }
    function show() {
      render(steps[k]);
      $("step").textContent = t("step", { k: k + 1, n: steps.length });
      $("prev").disabled = k === 0;
      $("next").disabled = k === steps.length - 1;
      starts.forEach(function (start, i) {
        var button = streets.children[i];
        var current = k >= start[1] && (i + 1 === starts.length || k < starts[i + 1][1]);
        button.setAttribute("aria-current", current ? "step" : "false");
        button.classList.toggle("primary", current);
      });
    }
    function stop() {
      if (timer) clearInterval(timer);
      timer = null;
      if (!play) return;
      play.textContent = t("play");
      play.setAttribute("aria-pressed", "false");
    }
    if (play) {
      play.addEventListener("click", function () {
        if (timer) { stop(); return; }
        if (k === steps.length - 1) k = 0;
        show();
        play.textContent = t("pause");
        play.setAttribute("aria-pressed", "true");
        timer = setInterval(function () {
          k += 1;
          show();
          if (k >= steps.length - 1) stop(); // "Play" again at once, on the last step
        }, 1200);
      });
    }
    $("prev").addEventListener("click", function () { stop(); if (k > 0) { k -= 1; show(); } });
    $("next").addEventListener("click", function () { stop(); if (k < steps.length - 1) { k += 1; show(); } });
    stop();
    show();
  }

  // ---- the table's websocket, with reconnection behind the "connection lost" banner
  // (docs/phone_and_tv.md, "When the connection drops"). Open the socket at ``path``;
  // ``onMessage`` gets each message parsed, ``onLine(true|false)`` each change of the connection.
  // Returns ``send``, which sends only on an open socket and says so (true): a move is never kept
  // to be sent later, when the table may have moved on without it. The connection counts as lost
  // at once when the socket closes or the browser says it is offline; when it has been silent for
  // a while (a phone's socket can die without closing) a ping must be answered within two seconds.
  // Back online, or when the page comes back to the screen, the server's snapshot redraws the view.
  var PING_AFTER_MS = 5000, ANSWER_MS = 2000;
  function open(path, onMessage, lostText, onLine) {
    var socket = null, retry = 0, last = null, resent = 0, timer = null, heard = 0, waiting = null;
    var online = false;
    function banner(lost) {
      var box = $("connection");
      if (lost) box.textContent = lostText;
      box.hidden = !lost;
    }
    function setOnline(value) {
      if (online === value) return;
      online = value;
      if (onLine) onLine(value);
    }
    function send(message) {
      if (!online || !socket || socket.readyState !== WebSocket.OPEN) return false;
      if (message !== last) { last = message; resent = 0; }
      socket.send(JSON.stringify(message));
      return true;
    }
    // The server busy (its database full or away): it changed nothing, and says when to send the
    // same message again; three times at most, then the player clicks again himself.
    function resend(message) {
      if (message.type !== "error" || message.code !== "busy" || !last || resent >= 3) return;
      var again = last;
      resent += 1;
      setTimeout(function () { if (last === again) send(again); }, message.retry_ms || 1500);
    }
    // The socket is taken for dead: the banner at once, the page's controls off, a new one opened.
    function lost() {
      clearTimeout(waiting);
      waiting = null;
      setOnline(false);
      banner(true);
      if (socket) {
        var dead = socket;
        socket = null;
        dead.onclose = null;
        try { dead.close(); } catch (e) { /* closed already */ }
      }
      schedule();
    }
    function schedule(now) {
      clearTimeout(timer);
      retry = now ? 0 : Math.min(retry + 1, 6);
      timer = setTimeout(connect, now ? 0 : 300 * retry);
    }
    // Is the socket alive? Asked when the page comes back to the screen and after a silence: any
    // message within two seconds says yes.
    function check() {
      if (!socket || socket.readyState !== WebSocket.OPEN || waiting) return;
      var asked = heard;
      socket.send(JSON.stringify({ type: "ping" }));
      waiting = setTimeout(function () {
        waiting = null;
        if (heard === asked) lost();
      }, ANSWER_MS);
    }
    function connect() {
      clearTimeout(timer);
      if (socket) return;
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      var opening = new WebSocket(scheme + location.host + path);
      socket = opening;
      opening.addEventListener("open", function () {
        if (socket !== opening) return;
        retry = 0;
        heard = performance.now();
      });
      opening.addEventListener("message", function (event) {
        if (socket !== opening) return;
        heard = performance.now();
        var message = JSON.parse(event.data);
        if (message.type === "pong") return;
        // The server's snapshot, its first message, is the view drawn again: then the page is online.
        if (message.type === "snapshot" && !online) {
          onMessage(message);
          setOnline(true);
          banner(false);
          return;
        }
        resend(message);
        onMessage(message);
      });
      opening.onclose = function () { if (socket === opening) { socket = null; lost(); } };
    }
    window.addEventListener("offline", lost);
    window.addEventListener("online", function () { if (!socket) schedule(true); else check(); });
    function onScreen() {
      if (document.hidden) return;
      if (!socket) { schedule(true); return; }
      check();
      send({ type: "snapshot" }); // what happened while the page was away, drawn at once
    }
    document.addEventListener("visibilitychange", onScreen);
    window.addEventListener("pageshow", function (event) { if (event.persisted) onScreen(); });
    setInterval(function () {
      if (online && performance.now() - heard > PING_AFTER_MS) check();
    }, 1000);
    connect();
    return send;
  }

  // An error in the status line, for three seconds.
  function showError(text) {
    var status = $("status");
    status.textContent = text;
    status.classList.add("error");
    setTimeout(function () { status.classList.remove("error"); }, 3000);
  }

  function addChat(message) {
    var lines = $("chat-lines");
    var line = document.createElement("li");
    var name = document.createElement("strong");
    name.textContent = message.name;
    line.appendChild(name);
    line.appendChild(document.createTextNode(" " + message.text));
    lines.appendChild(line);
    while (lines.children.length > 50) lines.removeChild(lines.firstChild);
    lines.scrollTop = lines.scrollHeight;
  }

  // ``view`` with ``patch`` applied, as a new value (``view`` is left as it was): exactly what
  // poker/tables/delta.py ``apply`` does, the format is described there (tests/poker/test_delta.py runs
  // both on the same fixtures).
  function applyDelta(view, patch) {
    var key;
    if (Array.isArray(view)) {
      var items = view.slice(patch.drop || 0);
      for (key in patch.edit || {}) items[+key] = applyDelta(items[+key], patch.edit[key]);
      return items.concat(patch.add || []);
    }
    var result = Object.assign({}, view, patch.set || {});
    (patch.unset || []).forEach(function (name) { delete result[name]; });
    for (key in patch.edit || {}) result[key] = applyDelta(result[key], patch.edit[key]);
    return result;
  }

  // ---- one player's view: the public view with his own part laid over it, by one rule for every
  // game (poker.tables.views.compose does the same on the server; tests/poker/test_compose_fixtures.py
  // holds them to the same fixtures). His cards (mine.cards) are laid on his seat dealt in the hand
  // (``in_hand``) only when they were dealt in the view's hand (view.hand_id, mine.hand_id) and the
  // seat shows none; then the game's ``me`` builds what he may do from the view, his seat (the one
  // he sits in: ``seated``; null if none) and his part. ``game.part(me)``: his own part beside his
  // cards, out of the ``me`` of a whole view of his (a snapshot).
  function compose(base, mine, userId, game) {
    var view = Object.assign({}, base);
    if (userId === undefined || userId === null) return view;
    mine = mine || {};
    var handId = base.hand_id === undefined ? null : base.hand_id;
    var cards = handId !== null && mine.hand_id === handId ? mine.cards : null;
    var seats = base.seats;
    if (some(cards)) {
      var index = seats.findIndex(function (s) { return s.user_id === userId && s.in_hand; });
      if (index >= 0 && !some(seats[index].cards)) {
        seats = seats.slice();
        seats[index] = Object.assign({}, seats[index], { cards: cards });
        view.seats = seats;
      }
    }
    var seat = seats.filter(function (s) { return s.user_id === userId && s.seated; })[0] || null;
    view.me = game.me(view, seat, mine, userId);
    return view;
  }

  // ---- the view stream of a live page: it keeps the base view (the public one that the updates
  // patch, or a whole view as it came) and the player's own part ("mine", with the seq it came with),
  // and calls ``show(view, presence)`` with their composition at each change. A patch applies only
  // to the public view it was made from (its "prev"): else the stream asks ``send`` for a snapshot
  // (once: until it comes, the next patches do not apply either); a whole view is taken as it is,
  // and one that follows a gap (updates missed) asks for a snapshot too.
  function viewStream(game, userId, show, send) {
    var state = {
      base: null,
      patchable: false, // the base is the public view at ``seq``, that the next patch applies to
      asked: false, // a snapshot was asked for and has not come yet
      mine: null,
      seq: -1,
      presence: { at: 0, offline: [] }, // the newest (by its "at") wins
    };
    function draw() { show(compose(state.base, state.mine, userId, game), state.presence); }
    function takePresence(presence) {
      if (presence && presence.at >= state.presence.at) state.presence = presence;
    }
    // His own part out of a whole view of his (a snapshot, the page's first view).
    function ownPart(view, seq) {
      var handId = view.hand_id === undefined ? null : view.hand_id;
      var seat = handId !== null ? view.seats.filter(function (s) {
        return s.user_id === userId && s.in_hand;
      })[0] : null;
      var part = { seq: seq, hand_id: handId, cards: seat && seat.cards ? seat.cards : null };
      return Object.assign(part, game.part(view.me || {}));
    }
    function takeSnapshot(view, seq, toPublic, presence) {
      takePresence(presence);
      if (seq < state.seq) return; // an older one than the view drawn (the page's, then an update)
      state.seq = seq;
      state.base = toPublic ? applyDelta(view, toPublic) : view;
      state.patchable = !!toPublic;
      state.asked = false;
      if (!state.mine || state.mine.seq <= seq) state.mine = ownPart(view, seq);
      draw();
    }
    function takeUpdate(message) {
      if (message.seq <= state.seq) return;
      if (message.delta) {
        if (message.prev !== state.seq || !state.patchable) {
          if (!state.asked) send({ type: "snapshot" });
          state.asked = true;
          return;
        }
        state.base = applyDelta(state.base, message.delta);
      } else {
        if (message.prev > state.seq) send({ type: "snapshot" });
        state.base = message.view;
        state.patchable = true;
      }
      state.seq = message.seq;
      draw();
    }
    // The stream's messages are taken (true); the others are the page's (false).
    function take(message) {
      if (message.type === "snapshot") {
        takeSnapshot(message.view, message.seq, message.public, message.presence);
      } else if (message.type === "update") {
        takeUpdate(message);
      } else if (message.type === "private") {
        if (state.mine && message.seq < state.mine.seq) return true;
        state.mine = Object.assign({ seq: message.seq }, message.private);
        if (state.base) draw();
      } else if (message.type === "presence") {
        takePresence({ at: message.at, offline: message.offline });
        if (state.base) draw();
      } else {
        return false;
      }
      return true;
    }
    return {
      // The page's first view: his whole view as the page was rendered, and who was connected.
      start: function (view, presence) { takeSnapshot(view, view.seq, null, presence); },
      take: take,
    };
  }

  // A live table: its first view drawn at once from the snapshot in the page (#table-snapshot,
  // rendered by poker/pages/views.py: the socket's first message, his own cards only), then the socket
  // opened and its messages taken by the view stream (its snapshot replaces the page's if not
  // older); a chat line is added, an error shown (then ``options.error()``, for the page to bring
  // back the bar a click hid). ``options``: ws, lostText, userId, game, show, error. Returns
  // ``send``. As before the socket is open, the first view is drawn with the page's own ``send``
  // not yet set: what it would send then is not sent.
  function live(options) {
    var send = null;
    // The page's fairness panel (table_fairness.js) sees each view too, and its answers.
    function show(view, presence) {
      options.show(view, presence);
      if (window.ArfFairness && send) window.ArfFairness.view(view, send);
    }
    var stream = viewStream(options.game, options.userId, show, function (message) { send(message); });
    var first = $("table-snapshot");
    if (first) stream.take(JSON.parse(first.textContent));
    // A seated player's client seed goes with the socket's address: it counts before his presence
    // deals the first hand (table_fairness.js).
    var path = options.ws + (window.ArfFairness ? window.ArfFairness.query() : "");
    // Whether this page is in sight, at each connection (its snapshot) and each change: his turn is
    // pushed to his devices only when no page of his table is (poker/push).
    function reportVisibility() {
      if (send) send({ type: "visibility", visible: document.visibilityState === "visible" });
    }
    document.addEventListener("visibilitychange", reportVisibility);
    send = open(path, function (message) {
      if (message.type === "snapshot") reportVisibility();
      if (stream.take(message)) return;
      if (message.type === "chat") {
        addChat(message);
      } else if (message.type === "client_seed") {
        if (window.ArfFairness) window.ArfFairness.accepted(message.seed);
      } else if (message.type === "error") {
        showError(message.message);
        if (options.error) options.error();
      }
    }, options.lostText, function (online) {
      document.body.classList.toggle("offline", !online);
      if (options.online) options.online(online);
    });
    return send;
  }

  return {
    games: games,
    page: page,
    $: $,
    el: el,
    words: words,
    cardNode: cardNode,
    cardFace: cardFace,
    cardsText: cardsText,
    replay: replay,
    applyDelta: applyDelta,
    compose: compose,
    viewStream: viewStream,
    live: live,
  };
})();
