/* The table of Hold'em and Razz, live (and the hand replay): draws the views the server sends,
 * sends the player's decisions. Every text from users goes through textContent, never innerHTML.
 *
 * What every table page shares (words, cards, the replay's stepper, the socket and the view stream
 * with its protocol) is static/js/table_common.js; here are the rules of these two games' view
 * (whose "me" it is, what he may do) and their drawing. The server sends the public view and each
 * player's own part (his cards of a hand, his pre-action, his time bank); the stream lays his part
 * over each public view, his cards only over the hand they were dealt in. A client that is dealt in
 * a hand without having had his cards asks for a snapshot.
 */
(function () {
  "use strict";
  var A = window.ArfTable;

  // ---- his view (poker.games.betting.views.me): the rules the view stream asks
  var rules = {
    part: function (me) { return { pre_action: me.pre_action || "", time_bank: me.time_bank || 0 }; },
    me: function (view, seat, mine, userId) {
      var me = { user_id: userId, seat: null };
      if (!seat) return me;
      var toAct = view.actor === seat.number && !!view.legal;
      me.seat = seat.number;
      me.sitting_out = seat.sitting_out;
      me.leaving = seat.leaving;
      me.pre_action = mine.pre_action || "";
      me.time_bank = mine.time_bank || 0;
      me.to_act = toAct;
      me.legal = toAct ? view.legal : null;
      me.hand_id = view.hand_id;
      me.turn_seq = view.turn_seq;
      return me;
    },
  };
  var cfg = A.page(["holdem", "razz"], rules);
  if (!cfg) return; // the rules alone (tests/poker/test_compose_fixtures.py), no page to draw
  var words = A.words(cfg), t = words.t, fmt = words.fmt, handName = words.handName, handPhrase = words.handPhrase;
  var $ = A.$, el = A.el, cardNode = A.cardNode, cardsText = A.cardsText;

  // "Feno wins 865 with ...", or for equal hands "Feno and Lanto split 865 with ..."
  function potText(names, amount, hand) {
    var one = names.length === 1;
    var params = { name: names[0], names: words.listed(names), amount: amount, hand: handPhrase(hand) };
    return t(one ? (hand ? "win_with" : "wins") : (hand ? "split_with" : "split"), params);
  }

  // ---- seats around the felt: my seat at the bottom, the others clockwise
  function seatPosition(index, count, narrow, small) {
    // Razz seats hold seven cards: they sit further in, so the side seats stay on a phone's screen;
    // on a small phone the (slimmer) seats too, so they and their badges stay on the felt.
    var angle = Math.PI / 2 + (index * 2 * Math.PI) / count;
    return { left: 50 + (narrow ? 33 : small ? 39 : 42) * Math.cos(angle), top: 50 + 43 * Math.sin(angle) };
  }

  var state = {
    view: null, // what is drawn: the public view with my part laid over it
    deadline: null,
    muted: localStorage.getItem("arf-muted") === "1",
    presence: { at: 0, offline: [] }, // the seats whose player has no page open
    online: false, // the socket is open and its snapshot drawn (table_common.js)
    sentSeq: null, // a move sent at this seq, not answered yet: the bar waits, nothing looks taken
    awayTold: false, // he was told once that he is away (vibration, notification)
    choseAway: false, // he tapped "Sit out" himself: nothing to tell him
  };
  function show(view, presence) {
    state.presence = presence;
    render(view);
    checkMyCards();
  }
  // Dealt in without my cards: my part may come just after the public view (another group); if
  // it does not come, it was lost: ask for the whole picture.
  var cardsCheck = null;
  function missingMyCards() {
    var view = state.view, me = view && view.me;
    if (!me || !me.seat || !view.hand || view.hand.over) return false;
    var seat = view.seats[me.seat - 1];
    return seat.user_id === me.user_id && seat.in_hand && !seat.folded && !seat.cards;
  }
  function checkMyCards() {
    if (cardsCheck || !cfg.live || !missingMyCards()) return;
    cardsCheck = setTimeout(function () {
      cardsCheck = null;
      if (missingMyCards()) send({ type: "snapshot" });
    }, 1500);
  }

  // ---- drawing by parts: each part of the page (a seat's cards, its badges, the board, the pots,
  // the results, the log, the preset buttons...) is built again only when the slice of the view it
  // draws has changed (its key, a JSON string of that slice, against the one last drawn), and texts
  // and attributes are written only where they differ: an update that moves the turn touches two
  // seats. Nothing here reads the layout (the felt's width is kept by a ResizeObserver).
  var drawnKeys = {};
  function changed(part, value) {
    var key = JSON.stringify(value);
    if (drawnKeys[part] === key) return false;
    drawnKeys[part] = key;
    return true;
  }
  function setText(node, text) { if (node.textContent !== text) node.textContent = text; }
  function setHidden(node, hidden) { if (node.hidden !== hidden) node.hidden = hidden; }
  function setProp(node, name, value) { if (node[name] !== String(value)) node[name] = value; }

  // The felt's width, read once and then kept by a ResizeObserver: on a small phone the seats sit
  // further in (seatPosition), redrawn when the felt crosses that width.
  var feltWidth = null;
  function watchFelt() {
    if (!window.ResizeObserver) return;
    new ResizeObserver(function () {
      var width = $("felt").clientWidth;
      var was = feltWidth;
      feltWidth = width;
      if (was !== null && (was < 420) !== (width < 420) && state.view) renderSeats(state.view);
    }).observe($("felt"));
  }

  // The cards a seat shows, in order, each [card or null (its back), face down at Razz (1 or 0)],
  // and whether they are Razz's row.
  function seatCards(seat, hand) {
    var stud = !!(hand && hand.game === "razz" && seat.up && seat.up.length && (!seat.folded || seat.cards));
    var list = [];
    if (stud) {
      // Razz, in dealing order: two down cards, the up cards, the 7th-street down card.
      var down = seat.cards || [];
      list.push([down[0] || null, 1], [down[1] || null, 1]);
      seat.up.forEach(function (c) { list.push([c, 0]); });
      if (Math.max(seat.down || 0, down.length) > 2) list.push([down[2] || null, 1]);
    } else if (seat.cards) {
      seat.cards.forEach(function (c) { list.push([c, 0]); });
    } else if (seat.in_hand && !seat.folded && hand && !hand.over) {
      list.push([null, 0], [null, 0]);
    }
    return { stud: stud, list: list };
  }

  // A seat's badges, in order: [class, text].
  function seatBadges(view, seat, offline) {
    var hand = view.hand, badges = [];
    if (hand && hand.button === seat.number) badges.push(["dealer", "D"]);
    if (seat.hand_name) badges.push(["badge hand-name", handName(seat.hand_name)]); // first: the line may cut the rest
    if (seat.sitting_out) badges.push(["badge", t("sitting_out")]);
    if (offline) badges.push(["badge offline", t("disconnected")]);
    if (seat.leaving) badges.push(["badge", t("leaving")]);
    if (seat.all_in) badges.push(["badge all-in", t("all_in")]);
    if (seat.last_action && !seat.bet && !(hand && hand.over)) badges.push(["badge", t("act_" + seat.last_action.type)]);
    if (seat.equity !== null && seat.equity !== undefined) badges.push(["badge equity", Math.round(seat.equity * 100) + " %"]);
    return badges;
  }

  // The nodes of the seats drawn, by seat index: { node, kind ("player", "sit", "empty"), and for
  // a player the nodes updated in place }.
  var seatNodes = [];

  function newSeatNode(seat, kind) {
    var node = el("div", "seat");
    node.dataset.seat = seat.number;
    var drawn = { node: node, kind: kind, key: {} };
    if (kind === "sit") {
      node.classList.add("empty");
      var sit = el("button", "button small sit", t("sit_here"));
      sit.type = "button";
      // Drawn first from the page's own snapshot, before the socket is open: off until it is (the
      // click would not be sent, and nothing would say so), like every control (renderActions).
      sit.disabled = !state.online;
      sit.addEventListener("click", function () { send({ type: "sit", seat: seat.number }); });
      node.appendChild(sit);
    } else if (kind === "empty") {
      node.classList.add("empty");
      node.appendChild(el("span", "seat-number", String(seat.number)));
    } else {
      drawn.cards = node.appendChild(el("div", "seat-cards"));
      var plate = node.appendChild(el("div", "plate"));
      drawn.name = plate.appendChild(el("span", "name"));
      drawn.stack = plate.appendChild(el("span", "stack"));
      drawn.plate = plate;
      // The badges are the plate's last line, in its width: on a small phone a line under the
      // plate would run onto the next seat, the board or the result lines.
      drawn.badges = plate.appendChild(el("div", "badges"));
    }
    return drawn;
  }

  function drawnPart(drawn, part, value) {
    var key = JSON.stringify(value);
    if (drawn.key[part] === key) return false;
    drawn.key[part] = key;
    return true;
  }

  function drawSeat(drawn, view, seat, mine) {
    var node = drawn.node, hand = view.hand;
    var offline = state.presence.offline.indexOf(seat.number) >= 0 && seat.seated && seat.number !== mine;
    // What the seat's drawing reads beside the seat itself: the same seat (a patch keeps the seats
    // it does not change) in the same surroundings is drawn already.
    var around = [seat.number === mine, view.actor === seat.number, offline, !!hand && hand.button === seat.number,
      hand && hand.game, !!hand && !!hand.over, hand && hand.big_blind].join();
    if (drawn.seat === seat && drawn.around === around) return;
    drawn.seat = seat;
    drawn.around = around;
    node.classList.toggle("me", seat.number === mine);
    node.classList.toggle("folded", !!seat.folded);
    node.classList.toggle("winner", !!seat.winner);
    node.classList.toggle("acting", view.actor === seat.number);
    node.classList.toggle("away", !!seat.sitting_out);
    node.classList.toggle("offline", offline);
    var cards = seatCards(seat, hand);
    if (drawnPart(drawn, "cards", cards)) {
      drawn.cards.classList.toggle("stud", cards.stud);
      drawn.cards.replaceChildren.apply(drawn.cards, cards.list.map(function (item) {
        var card = cardNode(item[0]);
        if (item[1]) card.classList.add("down");
        return card;
      }));
    }
    setText(drawn.name, seat.name);
    setText(drawn.stack, fmt(seat.stack));
    var inBB = hand && hand.big_blind && hand.game !== "razz"
      ? t("in_bb", { n: Math.round((seat.stack / hand.big_blind) * 10) / 10 }) : null;
    if (inBB) setProp(drawn.stack, "title", inBB);
    else if (drawn.stack.hasAttribute("title")) drawn.stack.removeAttribute("title");
    if (inBB && !drawn.inBB) drawn.inBB = drawn.plate.appendChild(el("span", "in-bb"));
    if (!inBB && drawn.inBB) { drawn.inBB.remove(); drawn.inBB = null; }
    if (inBB) setText(drawn.inBB, inBB);
    var badges = seatBadges(view, seat, offline);
    if (drawnPart(drawn, "badges", badges)) {
      drawn.badges.replaceChildren.apply(drawn.badges, badges.map(function (badge) {
        var node = el("span", badge[0], badge[1]);
        if (badge[0] !== "dealer") node.title = badge[1]; // whole, where the line cuts it short
        return node;
      }));
    }
    // The bet, then the action timer of whoever acts: after the badges, in that order.
    if (seat.bet && !drawn.bet) drawn.bet = node.insertBefore(el("div", "bet"), drawn.timer || null);
    if (!seat.bet && drawn.bet) { drawn.bet.remove(); drawn.bet = null; }
    if (seat.bet) setText(drawn.bet, fmt(seat.bet));
    var acting = view.actor === seat.number;
    if (acting && !drawn.timer) {
      drawn.timer = node.appendChild(el("div", "timer"));
      drawn.timer.appendChild(el("div", "timer-bar"));
      drawn.timer.appendChild(el("span", "timer-text"));
    }
    if (!acting && drawn.timer) { drawn.timer.remove(); drawn.timer = null; }
  }

  function renderSeats(view) {
    var felt = $("felt");
    var seats = view.seats;
    var mine = view.me && view.me.seat;
    var offset = mine ? mine - 1 : 0;
    if (feltWidth === null) feltWidth = felt.clientWidth; // the first drawing only
    if (seatNodes.length !== seats.length) {
      seatNodes.forEach(function (drawn) { drawn.node.remove(); });
      seatNodes = [];
    }
    var canSit = !mine && cfg.live && view.table.kind !== "tournament" && view.table.status !== "finished";
    seats.forEach(function (seat, k) {
      var kind = !seat.empty ? "player" : canSit ? "sit" : "empty";
      var drawn = seatNodes[k];
      if (!drawn || drawn.kind !== kind) {
        var fresh = newSeatNode(seat, kind);
        if (drawn) drawn.node.replaceWith(fresh.node);
        else felt.appendChild(fresh.node);
        seatNodes[k] = drawn = fresh;
      }
      var index = (k - offset + seats.length) % seats.length;
      var pos = seatPosition(index, seats.length, view.table && view.table.variant === "razz", feltWidth < 420);
      var place = pos.left + "% " + pos.top + "%";
      if (drawn.place !== place) {
        drawn.place = place;
        drawn.node.style.left = pos.left + "%";
        drawn.node.style.top = pos.top + "%";
      }
      if (kind === "player") drawSeat(drawn, view, seat, mine);
    });
  }

  function renderCenter(view) {
    var hand = view.hand;
    setText($("hand-number"), hand ? t("hand_number", { n: hand.number }) : "");
    // Before the first hand, the table's own stakes (a table on the championship's clock has none).
    var stakes = hand || view.table.stakes;
    setText($("stakes"), !stakes ? "" : (hand ? hand.game : view.table.variant) === "razz"
      ? t("stakes_razz", { ante: stakes.ante, bring_in: stakes.bring_in, small: stakes.small_bet, big: 2 * stakes.small_bet })
      : t("blinds", { sb: stakes.small_blind, bb: stakes.big_blind }) + (stakes.ante ? ", " + t("ante", { ante: stakes.ante }) : ""));
    var board = hand ? hand.board : [];
    if (changed("board", board)) {
      $("board").replaceChildren.apply($("board"), board.map(function (c) { return cardNode(c, true); }));
    }
    var pots = "";
    if (hand && hand.total) {
      pots = hand.pots.length > 1
        ? hand.pots.map(function (amount, k) { return (k ? t("side_pot", { n: k }) : t("main_pot")) + " " + fmt(amount); }).join(" · ")
        : t("pot_label", { amount: hand.total });
    }
    setText($("pot"), pots);
    var results = hand ? hand.results : [];
    if (changed("results", results)) {
      $("results").replaceChildren.apply($("results"), results.map(function (result) {
        var names = result.winners.map(function (w) { return w.name; });
        var line = potText(names, result.amount, result.hand);
        if (results.length > 1) line = t("pot_result", { pot: result.pot ? t("side_pot", { n: result.pot }) : t("main_pot"), result: line });
        return el("p", "result", line);
      }));
    }
  }

  function logLine(entry) {
    var params = { name: entry.name, amount: entry.amount, total: entry.total, cards: cardsText(entry.cards) };
    var text;
    if (entry.type === "board") text = t("log_" + entry.street, params);
    else if (entry.type === "pot_awarded") text = potText(entry.winners || [], entry.amount, entry.hand);
    else if (entry.type === "show" && entry.hand) text = t("log_show_hand", Object.assign(params, { hand: handPhrase(entry.hand) }));
    else text = t("log_" + entry.type, params);
    if (entry.all_in) text += t("log_all_in");
    return text;
  }

  // The log, newest first, as lines added and dropped: the view's log is the last entries of the
  // hand, so a new view's log is most often the one drawn less its oldest lines, plus new ones.
  var drawnLog = []; // the entries drawn, oldest first
  function sameEntry(a, b) { return a === b || JSON.stringify(a) === JSON.stringify(b); }
  // How many of the lines drawn (their newest) begin ``entries``.
  function logKept(entries) {
    for (var drop = 0; drop < drawnLog.length; drop++) {
      var kept = drawnLog.length - drop;
      if (kept > entries.length) continue;
      for (var k = 0; k < kept && sameEntry(entries[k], drawnLog[drop + k]); k++);
      if (k === kept) return kept;
    }
    return 0;
  }
  function renderLog(view) {
    var log = $("log");
    var kept = logKept(view.log);
    if (!kept) log.replaceChildren();
    while (log.children.length > kept) log.removeChild(log.lastChild);
    for (var n = kept; n < view.log.length; n++) log.insertBefore(el("li", "", logLine(view.log[n])), log.firstChild);
    drawnLog = view.log;
  }

  // ---- the action bar: only what is legal
  function renderActions(view) {
    var me = view.me;
    var legal = me && me.to_act ? me.legal : null;
    setHidden($("actions"), !legal);
    var pre = $("pre-actions");
    var inHand = me && me.seat && view.hand && !view.hand.over && view.seats[me.seat - 1].in_hand && !view.seats[me.seat - 1].folded;
    setHidden(pre, !cfg.live || !inHand || !!legal);
    pre.querySelectorAll("input").forEach(function (box) {
      var checked = !!(me && me.pre_action === box.value);
      if (box.checked !== checked) box.checked = checked;
    });
    var controls = $("me-controls");
    var seated = cfg.live && me && me.seat && view.table.status !== "finished";
    if (controls) {
      setHidden(controls, !seated);
      setHidden($("sit-out"), !me || !!me.sitting_out);
    }
    setHidden($("back-bar"), !seated || !me.sitting_out);
    if (seated && me.sitting_out) setText($("away-told"), t("away_told"));
    if (state.sentSeq !== null && view.seq !== state.sentSeq) state.sentSeq = null;
    var sending = state.sentSeq !== null;
    $("actions").classList.toggle("sending", sending);
    // Off while the connection is lost or a move waits for its answer: a tap is never shown taken
    // before the server took it (docs/phone_and_tv.md).
    var off = !state.online || sending;
    document.querySelectorAll("#actions button, #actions input, #pre-actions input, #me-controls button, #back-bar button, #felt .seat button.sit").forEach(function (node) {
      if (node.disabled !== off) node.disabled = off;
    });
    if (!legal) return;
    var fold = $("fold"), checkCall = $("check-call"), raise = $("raise");
    setHidden(fold, !legal.fold);
    setText(fold, t("fold"));
    if (legal.bring_in !== null && legal.bring_in !== undefined) {
      setText(checkCall, t("bring_in", { amount: legal.bring_in }));
      setProp(checkCall.dataset, "action", "bring_in");
    } else {
      setText(checkCall, legal.check ? t("check") : t("call", { amount: legal.call }));
      setProp(checkCall.dataset, "action", legal.check ? "check" : "call");
    }
    var canRaise = legal.min !== null;
    setHidden($("raise-row"), !canRaise || legal.min === legal.max);
    setHidden(raise, !canRaise);
    if (!canRaise) return;
    var range = $("amount-range"), amount = $("amount");
    setProp(amount, "min", legal.min);
    setProp(range, "min", legal.min);
    setProp(amount, "max", legal.max);
    setProp(range, "max", legal.max);
    setProp(range, "step", 1);
    if (!amount.value || +amount.value < legal.min || +amount.value > legal.max || state.turnSeq !== me.turn_seq) {
      amount.value = range.value = legal.min;
    }
    state.turnSeq = me.turn_seq;
    if (changed("presets", legal.presets)) {
      $("presets").replaceChildren.apply($("presets"), legal.presets.map(function (preset) {
        var button = el("button", "button small", t(preset.name));
        button.type = "button";
        button.addEventListener("click", function () {
          var now = state.view.me && state.view.me.legal;
          if (now) setAmount(preset.amount, now);
        });
        return button;
      }));
    }
    labelRaise(legal);
  }
  function labelRaise(legal) {
    var value = +$("amount").value;
    var allIn = legal.all_in_to !== undefined ? value >= legal.all_in_to : value >= legal.max;
    setText($("raise"), allIn ? t("all_in") + " " + fmt(value) : t(legal.complete ? "complete" : (legal.bet ? "bet" : "raise"), { amount: value }));
  }
  function setAmount(value, legal) {
    value = Math.max(legal.min, Math.min(legal.max, Math.round(value)));
    $("amount").value = $("amount-range").value = value;
    labelRaise(legal);
  }

  function renderStatus(view) {
    var status = $("status");
    var table = view.table;
    var me = view.me;
    var text = "";
    if (table && table.status === "waiting") text = t("waiting");
    else if (table && table.status === "paused") text = t("paused");
    else if (table && table.status === "finished") text = t("finished");
    else if (me && me.to_act) text = t("your_turn");
    else if (cfg.live && (!me || !me.seat)) text = t("spectator");
    if (state.notice && performance.now() < state.notice.until) {
      text = me && me.to_act ? text + " · " + state.notice.text : state.notice.text;
    }
    setText(status, text);
    status.classList.toggle("my-turn", !!(me && me.to_act));
    var chatOn = !table || !!table.chat_enabled;
    if ($("chat-form")) {
      setHidden($("chat-form"), !chatOn);
      setHidden($("chat-off"), chatOn);
    }
  }

  // The buttons of whoever runs the table (templates/poker/partials/organizer.html): only those
  // that apply now ("new": before the first hand; "running"; "paused"), none once it is finished.
  function renderOrganizer(view) {
    var panel = $("organize");
    if (!panel) return;
    var status = view.table.status;
    setHidden(panel, status === "finished");
    panel.querySelectorAll("[data-when]").forEach(function (form) {
      var when = form.dataset.when;
      setHidden(form, !(when === "new" ? !view.hand && status !== "playing" : when === "paused" ? status === "paused" : status !== "paused"));
    });
  }

  function render(view) {
    var wasMyTurn = state.view && state.view.me && state.view.me.to_act;
    state.view = view;
    state.deadline = view.deadline_ms !== null && view.deadline_ms !== undefined ? performance.now() + view.deadline_ms : null;
    renderSeats(view);
    renderCenter(view);
    renderLog(view);
    if (cfg.live) {
      renderActions(view);
      renderStatus(view);
      renderOrganizer(view);
      if (view.me && view.me.to_act && !wasMyTurn) {
        notifyTurn();
        requestAnimationFrame(keepTableInView); // it reads the layout: once, in the next frame
      }
      renderAnnounce(view);
      tellAway(view);
      // The screen stays on while he is seated (static/js/wake_lock.js).
      window.ArfWake.want(!!(view.me && view.me.seat && !view.me.leaving) && view.table.status !== "finished");
      // The online evening's panels (static/js/table_evening.js) draw from the same view.
      document.dispatchEvent(new CustomEvent("arf:table-view", { detail: view }));
    }
    tick();
  }

  // For a screen reader (#announce, aria-live): whose turn it is and the last action, said once
  // each time one of them changes, not at every tick of the timer.
  function renderAnnounce(view) {
    var parts = [];
    var last = view.log && view.log.length ? view.log[view.log.length - 1] : null;
    if (last) parts.push(logLine(last));
    var actor = view.actor ? view.seats[view.actor - 1] : null;
    if (view.me && view.me.to_act) parts.push(t("your_turn"));
    else if (actor && actor.name && view.hand && !view.hand.over) parts.push(t("turn_of", { name: actor.name }));
    setText($("announce"), parts.join(". "));
  }

  // On his turn the table, from the top seats to the status line, is scrolled into view above the
  // action bar (beside it on a phone in landscape) and under a bar stuck at the top ([data-top-bar]:
  // the organizer's announcement): his cards and the board are never under a bar. The felt's CSS
  // height leaves room for them (table.css, --top-bar-room).
  function keepTableInView() {
    var ceiling = 0;
    document.querySelectorAll("[data-top-bar]").forEach(function (stuck) {
      var box = stuck.getBoundingClientRect();
      if (box.height) ceiling = Math.max(ceiling, box.bottom);
    });
    var top = $("felt").getBoundingClientRect().top;
    document.querySelectorAll("#felt .seat").forEach(function (seat) {
      top = Math.min(top, seat.getBoundingClientRect().top);
    });
    var shift = top < ceiling ? top - ceiling : 0; // up: no seat under a bar at the top
    var bar = $("actions");
    if (!bar.hidden) {
      var barBox = bar.getBoundingClientRect();
      var beside = barBox.left > window.innerWidth / 3;
      var limit = beside ? window.innerHeight : window.innerHeight - barBox.height;
      var bottom = $("status").getBoundingClientRect().bottom;
      if (bottom > limit) shift = Math.min(bottom - limit, top - ceiling); // down, not past the top seats
    }
    if (shift) window.scrollBy(0, shift);
  }
  // A bar at the top came or went (static/js/announcement.js): the table is placed again.
  document.addEventListener("arf:top-bar", function () { requestAnimationFrame(keepTableInView); });

  function tick() {
    var view = state.view;
    if (!view || state.deadline === null) return;
    var left = Math.max(0, state.deadline - performance.now());
    var total = (view.time_bank ? left : (view.table.action_seconds * 1000)) || 1;
    // The bar shrinks by a transform (table.css): drawn by the compositor, no layout in between.
    // The timers are those of the seats drawn acting (drawSeat), found without searching the page.
    var scale = "scaleX(" + Math.min(1, left / total) + ")";
    var text = Math.ceil(left / 1000) + " s" + (view.time_bank ? " · " + t("time_bank") : "");
    seatNodes.forEach(function (drawn) {
      var timer = drawn.timer;
      if (!timer) return;
      timer.firstChild.style.transform = scale;
      setText(timer.lastChild, text);
      timer.classList.toggle("urgent", left < 5000);
    });
  }

  // ---- sound and vibration on my turn (can be muted)
  var audio = null;
  function notifyTurn() {
    alertInBackground();
    if (state.muted) return;
    if (navigator.vibrate) navigator.vibrate(120);
    if (!audio) return; // no sound before the first tap (unlockAudio): browsers refuse it
    try {
      var osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.08;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.15);
    } catch (e) { /* no sound on this device */ }
  }
  // ---- my turn while the page is hidden (another app or tab): a marker at the start of the title
  // until the page is seen again, and a browser notification if he turned them on with the button
  // (permission is asked on that click only, never on load). Sound and vibration stay as they are.
  var TITLE = document.title, MARK = "● ";
  var notifyKey = "arf-turn-notifications";
  function notificationsOn() {
    return "Notification" in window && Notification.permission === "granted" && localStorage.getItem(notifyKey) === "1";
  }
  function alertInBackground() {
    if (!document.hidden) return;
    document.title = MARK + TITLE;
    if (!notificationsOn()) return;
    try {
      var note = new Notification(t("your_turn"), { body: TITLE, tag: "arf-turn-" + cfg.ws });
      note.onclick = function () { window.focus(); note.close(); };
    } catch (e) { /* a browser that only notifies from a service worker: the title says it */ }
  }
  function clearBackgroundAlert() {
    if (!document.hidden) document.title = TITLE;
  }
  function renderNotify() {
    var button = $("notify");
    if (!button) return;
    if (!("Notification" in window)) { button.hidden = true; return; }
    button.hidden = false;
    var denied = Notification.permission === "denied";
    button.disabled = denied;
    button.setAttribute("aria-pressed", notificationsOn() ? "true" : "false");
    button.textContent = denied ? t("notify_blocked") : notificationsOn() ? t("notify_on") : t("notify_off");
  }
  function bindNotify() {
    document.addEventListener("visibilitychange", clearBackgroundAlert);
    var button = $("notify");
    if (!button) return;
    button.addEventListener("click", function () {
      if (notificationsOn()) {
        localStorage.setItem(notifyKey, "0");
        renderNotify();
        return;
      }
      localStorage.setItem(notifyKey, "1");
      var asked = Notification.requestPermission(renderNotify); // the old browsers' callback form
      if (asked && asked.then) asked.then(renderNotify);
      renderNotify();
    });
    renderNotify();
  }

  function unlockAudio() {
    if (audio) return;
    try {
      audio = new (window.AudioContext || window.webkitAudioContext)();
      if (audio.resume) audio.resume();
    } catch (e) { /* no sound on this device */ }
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (kind) {
    document.addEventListener(kind, unlockAudio, { passive: true });
  });

  function renderMute() {
    var button = $("mute");
    if (!button) return;
    button.setAttribute("aria-pressed", state.muted ? "true" : "false");
    button.textContent = state.muted ? t("sound_off") : t("sound_on");
  }

  // ---- the websocket
  // Sends to the table's socket (static/js/table_common.js), once the live page has opened it.
  var send = function () {};
  function act(action, amount) {
    var view = state.view;
    if (!view || !view.me || !view.me.to_act || state.sentSeq !== null) return;
    var message = { type: "act", action: action, hand: view.me.hand_id, seq: view.seq };
    if (amount !== undefined) message.amount = amount;
    // One click, one action: the bar waits (its buttons off) for the server's next view, or its
    // refusal; a move the socket could not send is not sent at all (the page is offline).
    if (!send(message)) return;
    state.sentSeq = view.seq;
    renderActions(view);
  }

  // The connection came back (its snapshot drawn) or went (table_common.js): the controls follow.
  // A turn of his that went by while the page was offline, with no move of his sent: his timer
  // answered (checked or folded) and the page says so once the view is the server's again.
  function setOnline(online) {
    var view = state.view, me = view && view.me;
    if (!online) {
      state.turnAtDrop = me && me.to_act && state.sentSeq === null ? me.turn_seq : null;
    } else if (state.turnAtDrop !== null && state.turnAtDrop !== undefined) {
      if (!(me && me.to_act && me.turn_seq === state.turnAtDrop)) {
        state.notice = { text: t("lost_turn"), until: performance.now() + 15000 };
      }
      state.turnAtDrop = null;
    }
    state.online = online;
    state.sentSeq = null; // after a drop the snapshot says what the server took, nothing else
    if (view) { renderActions(view); renderStatus(view); }
  }

  // Marked away by his timer (not by his own tap): told once, by a vibration and, if he turned
  // them on and the page is hidden, a notification.
  function tellAway(view) {
    var away = !!(view.me && view.me.seat && view.me.sitting_out);
    if (!away) { state.awayTold = false; state.choseAway = false; return; }
    if (state.awayTold || state.choseAway) return;
    state.awayTold = true;
    if (!state.muted && navigator.vibrate) navigator.vibrate([200, 100, 200]);
    if (document.hidden && notificationsOn()) {
      try {
        var note = new Notification(t("away_told"), { body: TITLE, tag: "arf-away-" + cfg.ws });
        note.onclick = function () { window.focus(); note.close(); };
      } catch (e) { /* a browser that only notifies from a service worker */ }
    }
  }

  // ---- the keyboard of a laptop: F folds, C checks or calls (or brings in), R bets or raises the
  // amount shown, the up and down arrows change it by a big blind. Shown on the buttons (table.css
  // draws data-key on screens with a mouse); never while typing in a field.
  var KEYS = { f: "fold", c: "check-call", r: "raise" };
  function bindKeys() {
    Object.keys(KEYS).forEach(function (key) {
      var button = $(KEYS[key]);
      button.dataset.key = key.toUpperCase();
      button.setAttribute("aria-keyshortcuts", key.toUpperCase());
    });
    $("amount").parentNode.dataset.key = "↑ ↓";
    $("amount").setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown");
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
      var me = state.view && state.view.me;
      var legal = me && me.to_act ? me.legal : null;
      // Nor while the bar is off (offline, before the first snapshot, a move awaiting its answer).
      if (!legal || $("actions").hidden || !state.online || state.sentSeq !== null) return;
      var key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
      if (KEYS[key]) {
        var button = $(KEYS[key]);
        if (!button.hidden && !button.closest("[hidden]")) {
          event.preventDefault();
          button.click();
        }
      } else if ((key === "ArrowUp" || key === "ArrowDown") && legal.min !== null && legal.min !== undefined) {
        event.preventDefault();
        var hand = state.view.hand;
        var step = (hand && (hand.big_blind || hand.small_bet)) || 1;
        setAmount(+$("amount").value + (key === "ArrowUp" ? step : -step), legal);
      }
    });
  }

  function bindControls() {
    $("fold").addEventListener("click", function () { act("fold"); });
    $("check-call").addEventListener("click", function () { act(this.dataset.action); });
    $("raise").addEventListener("click", function () { act("raise", +$("amount").value); });
    $("amount-range").addEventListener("input", function () { setAmount(+this.value, state.view.me.legal); });
    $("amount").addEventListener("change", function () { setAmount(+this.value, state.view.me.legal); });
    $("actions").addEventListener("submit", function (event) { event.preventDefault(); });
    $("pre-actions").querySelectorAll("input").forEach(function (box) {
      box.addEventListener("change", function () {
        // Not sent (offline): the box goes back to what the server last said.
        if (!send({ type: "pre_action", value: box.checked ? box.value : "" })) renderActions(state.view);
      });
    });
    $("sit-out").addEventListener("click", function () {
      if (send({ type: "sit_out" })) state.choseAway = true;
    });
    $("sit-in").addEventListener("click", function () { send({ type: "sit_in" }); });
    if ($("leave")) $("leave").addEventListener("click", function () { send({ type: "leave" }); });
    $("chat-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var input = $("chat-text");
      if (input.value.trim()) send({ type: "chat", text: input.value });
      input.value = "";
    });
    $("mute").addEventListener("click", function () {
      state.muted = !state.muted;
      localStorage.setItem("arf-muted", state.muted ? "1" : "0");
      renderMute();
    });
    renderMute();
  }

  // ---- the replay of a finished hand: the same drawing, step by step, a button per street
  function streetOf(step) {
    var hand = step.hand;
    return hand && hand.results.length ? t("street_result") : t("street_" + (hand && hand.street));
  }

  watchFelt();
  if (cfg.steps) {
    A.replay(cfg.steps, render, t, streetOf);
  } else {
    cfg.live = true;
    bindControls();
    bindKeys();
    bindNotify();
    send = A.live({
      ws: cfg.ws,
      lostText: t("connection_lost"),
      userId: cfg.user_id,
      game: rules,
      show: show,
      error: function () { state.sentSeq = null; if (state.view) renderActions(state.view); },
      online: setOnline,
    });
    setInterval(tick, 250);
  }
})();
