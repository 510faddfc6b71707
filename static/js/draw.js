/* The table of five-card draw against the dealer, live (and the replay of a round): draws the views
 * the server sends (poker/games/dealer_draw/views.py), sends the player's bets and draws. Every text goes
 * through textContent, never innerHTML. What every table page shares (words, cards, the replay's
 * stepper, the socket and the view stream) is static/js/table_common.js.
 *
 * To the server (poker/games/dealer_draw/services.py): {"type": "bet", "amount"}, {"type": "draw", "cards",
 * "hand", "seq"}, "sit", "leave", "sit_out", "sit_in", "chat", "snapshot".
 */
(function () {
  "use strict";
  var A = window.ArfTable;

  // ---- his view: the rules the view stream asks (ArfTable.compose). The server sends the public
  // view and each player's own part (his cards, his bankroll and whether he may refill it); "me" is
  // built here out of them, as poker.games.dealer_draw.views.me builds it.
  var BET_PRESETS = [["min", 1], ["x2", 2], ["x5", 5]]; // poker.games.dealer_draw.views.BET_PRESETS
  var rules = {
    part: function (me) { return { bankroll: me.bankroll, can_refill: me.can_refill, hint: me.hint }; },
    me: function (view, seat, mine, userId) {
      var me = { user_id: userId, seat: null, bankroll: mine.bankroll, can_refill: !!mine.can_refill };
      if (!seat) return me;
      var low = view.table.min_bet, high = Math.min(view.table.max_bet, seat.stack);
      var betting = view.phase === "betting" || view.phase === "waiting";
      var canBet = betting && !seat.leaving && !seat.bet && seat.stack >= low;
      var toDraw = view.phase === "draw" && view.actor === seat.number;
      var presets = !canBet ? [] : BET_PRESETS.map(function (preset) {
        return { name: preset[0], amount: low * preset[1] };
      }).concat([{ name: "max", amount: high }]).filter(function (preset) { return preset.amount <= high; });
      me.seat = seat.number;
      me.stack = seat.stack;
      me.sitting_out = seat.sitting_out;
      me.leaving = seat.leaving;
      me.bet = seat.bet;
      me.can_bet = canBet;
      me.min_bet = low;
      me.max_bet = high;
      me.presets = presets;
      me.to_draw = toDraw;
      me.hint = toDraw ? mine.hint || null : null;
      me.max_draw = toDraw && view.legal ? (view.legal.max_draw === undefined ? 3 : view.legal.max_draw) : 0;
      me.hand_id = view.hand_id;
      me.turn_seq = view.turn_seq;
      return me;
    },
  };
  var cfg = A.page(["dealer_draw"], rules);
  if (!cfg) return; // the rules alone (tests/poker/test_compose_fixtures.py), no page to draw
  var words = A.words(cfg), t = words.t, fmt = words.fmt, handName = words.handName, handPhrase = words.handPhrase;
  var $ = A.$, el = A.el, cardNode = A.cardNode, cardFace = A.cardFace, cardsText = A.cardsText;

  // A round's result in words: "Won 40", "Lost 20", "Push".
  function resultText(result) {
    if (!result) return "";
    if (result.outcome === "push") return t("push");
    return result.net > 0 ? t("won", { amount: result.net }) : t("lost", { amount: -result.net });
  }

  var state = { view: null, deadline: null, thrown: [], drawKey: null };

  function mySeat(view) {
    var me = view.me;
    return me && me.seat ? view.seats[me.seat - 1] : null;
  }

  // ---- the dealer at the top
  function renderDealer(view) {
    var round = view.round;
    document.querySelector(".draw-felt").classList.toggle("last-round", !!(round && round.last));
    var box = $("dealer-cards");
    box.replaceChildren();
    $("dealer-hand").textContent = "";
    if (!round) return;
    var dealer = round.dealer;
    for (var k = 0; k < 5; k++) box.appendChild(cardNode(dealer.cards ? dealer.cards[k] : null, true));
    if (dealer.cards) {
      var drew = dealer.drew ? t("drew", { n: dealer.drew }) : t("stood_pat");
      $("dealer-hand").textContent = handName(dealer.hand) + " · " + drew;
    }
  }

  // ---- the other players: bet, how many they drew, at the end their cards, hand and result
  function renderOthers(view) {
    var list = $("others");
    list.replaceChildren();
    var mine = view.me && view.me.seat;
    view.seats.forEach(function (seat) {
      if (seat.empty || seat.number === mine) return;
      var item = el("li", "draw-seat");
      item.dataset.seat = seat.number;
      if (view.actor === seat.number) item.classList.add("acting");
      if (seat.sitting_out) item.classList.add("away");
      if (seat.result) item.classList.add("outcome-" + seat.result.outcome);
      var head = el("div", "draw-seat-head");
      head.appendChild(el("span", "name", seat.name));
      head.appendChild(el("span", "stack", fmt(seat.stack)));
      if (seat.bet) head.appendChild(el("span", "bet", t("bet_label", { amount: seat.bet })));
      if (seat.sitting_out) head.appendChild(el("span", "badge", t("sitting_out")));
      if (seat.leaving) head.appendChild(el("span", "badge", t("leaving")));
      if (seat.drew !== null && seat.drew !== undefined) {
        head.appendChild(el("span", "badge", seat.drew ? t("drew", { n: seat.drew }) : t("stood_pat")));
      }
      item.appendChild(head);
      if (seat.in_hand) {
        var cards = el("div", "draw-cards small");
        for (var k = 0; k < 5; k++) cards.appendChild(cardNode(seat.cards ? seat.cards[k] : null));
        item.appendChild(cards);
      }
      if (seat.hand_name || seat.result) {
        var result = el("p", "draw-result", handName(seat.hand_name));
        if (seat.result) result.appendChild(el("span", "draw-outcome outcome-" + seat.result.outcome, resultText(seat.result)));
        item.appendChild(result);
      }
      list.appendChild(item);
    });
  }

  // ---- my five cards, big and tappable when it is my turn to draw
  function renderMine(view) {
    var box = $("my-cards");
    box.replaceChildren();
    var seat = mySeat(view);
    var line = $("my-line");
    line.textContent = "";
    $("mine").hidden = !seat;
    if (!seat) return;
    var me = view.me;
    var drawing = cfg.live && me.to_draw;
    var key = drawing ? me.hand_id + ":" + me.turn_seq : null;
    if (key !== state.drawKey) state.thrown = [];
    state.drawKey = key;
    if (seat.in_hand) {
      (seat.cards || [null, null, null, null, null]).forEach(function (card, k) {
        if (!drawing) { box.appendChild(cardNode(card, true)); return; }
        var button = cardFace(el("button", "playing-card big tappable"), card);
        button.type = "button";
        var thrown = state.thrown.indexOf(k) >= 0;
        button.classList.toggle("thrown", thrown);
        button.setAttribute("aria-pressed", thrown ? "true" : "false");
        button.addEventListener("click", function () { toggleCard(k); });
        box.appendChild(button);
      });
    }
    var parts = [seat.name, fmt(seat.stack)];
    if (seat.bet) parts.push(t("bet_label", { amount: seat.bet }));
    if (seat.hand_name) parts.push(handName(seat.hand_name));
    line.textContent = parts.join(" · ");
    line.className = "draw-my-line";
    if (seat.result) line.appendChild(el("span", "draw-outcome outcome-" + seat.result.outcome, resultText(seat.result)));
  }
  function toggleCard(k) {
    var at = state.thrown.indexOf(k);
    if (at >= 0) state.thrown.splice(at, 1);
    else if (state.thrown.length < 3) state.thrown.push(k);
    renderMine(state.view);
    renderDrawBar(state.view);
  }

  // ---- the bars: bet between rounds, draw in my turn
  function renderBetBar(view) {
    var me = view.me;
    var bar = $("bet-bar");
    bar.hidden = !(cfg.live && me && me.can_bet);
    if (bar.hidden) return;
    var amount = $("amount");
    amount.min = me.min_bet;
    amount.max = me.max_bet;
    if (!amount.value || +amount.value < me.min_bet || +amount.value > me.max_bet) amount.value = me.min_bet;
    var presets = $("presets");
    presets.replaceChildren();
    me.presets.forEach(function (preset) {
      var button = el("button", "button small", t(preset.name) + " · " + fmt(preset.amount));
      button.type = "button";
      button.addEventListener("click", function () { amount.value = preset.amount; labelBet(); });
      presets.appendChild(button);
    });
    labelBet();
  }
  // An expected result in bets, signed: "+0.98" / "+0,98".
  function fmtBets(x) {
    var text = Math.abs(x).toLocaleString(words.lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return (x < 0 ? "−" : "+") + text;
  }
  function labelBet() { $("bet").textContent = t("bet", { amount: +$("amount").value || 0 }); }
  function renderDrawBar(view) {
    var me = view.me;
    var bar = $("draw-bar");
    bar.hidden = !(cfg.live && me && me.to_draw);
    if (bar.hidden) return;
    var hint = me.hint;
    var advice = !hint ? "" : hint.throw.length
      ? t("hint_throw", { cards: cardsText(hint.throw), expected: fmtBets(hint.expected) })
      : t("hint_stand", { expected: fmtBets(hint.expected) });
    $("draw-hint").textContent = t("tap_to_throw") + (advice ? " · " + advice : "");
    $("draw").textContent = state.thrown.length ? t("exchange", { n: state.thrown.length }) : t("stand_pat");
  }

  function renderStatus(view) {
    var me = view.me, status = $("status"), text = "";
    var seat = mySeat(view);
    if (view.phase === "paused") text = t("paused");
    else if (view.phase === "finished") text = t("finished");
    else if (me && me.to_draw) text = t("your_draw");
    else if (view.phase === "draw" && view.actor) text = t("draw_of", { name: view.seats[view.actor - 1].name });
    else if (seat && seat.bet && (view.phase === "betting" || view.phase === "waiting")) text = t("your_bet", { amount: seat.bet }) + " · " + t("waiting_bets");
    else if (me && me.can_bet) text = t("place_bet");
    else if (seat && (view.phase === "betting" || view.phase === "waiting") && seat.stack < view.table.min_bet) text = t("cannot_bet");
    else if (view.phase === "waiting") text = t("waiting");
    else if (!seat) text = t("spectator");
    status.textContent = text;
    status.classList.toggle("my-turn", !!(me && (me.to_draw || me.can_bet)));
    $("take-seat").hidden = !!seat || view.phase === "finished" || !view.seats.some(function (s) { return s.empty; });
    $("take-seat").textContent = t("take_seat");
    $("me-buttons").hidden = !seat;
    $("sit-out").hidden = !seat || seat.sitting_out;
    $("sit-in").hidden = !seat || !seat.sitting_out;
    if (me && me.bankroll !== undefined) $("bankroll").textContent = t("bankroll", { amount: me.bankroll });
    $("refill").hidden = !(me && me.can_refill);
    var chatOn = view.table.chat_enabled;
    $("chat-form").hidden = !chatOn;
    $("chat-off").hidden = chatOn;
  }

  function renderHead(view) {
    if (view.table) {
      var decks = view.table.decks > 1 ? t("two_decks") : t("one_deck");
      $("stakes").textContent = t("limits", { min: view.table.min_bet, max: view.table.max_bet }) + ", " + decks;
    } else if (view.round) {
      $("stakes").textContent = t("limits", { min: view.round.min_bet, max: view.round.max_bet });
    }
    $("hand-number").textContent = view.round ? t("round_number", { n: view.round.number }) : "";
  }

  function logLine(entry) {
    var p = { name: entry.name, count: entry.count, cards: cardsText(entry.received || entry.cards), hand: handPhrase(entry.hand) };
    switch (entry.type) {
      case "draw": return entry.count ? t("log_draw", p) : t("log_stands_pat", p);
      case "dealer_draw": return entry.count ? t("log_dealer_draw", p) : t("log_dealer_stands_pat", p);
      case "new_cards": return entry.received && entry.received.length ? t("log_new_cards", p) : "";
      case "result":
        if (entry.outcome === "win") return t("log_win", { name: entry.name, amount: entry.net, multiple: entry.multiple });
        if (entry.outcome === "lose") return t("log_lose", { name: entry.name, amount: entry.bet });
        return t("log_push", p);
      default: return t("log_" + entry.type, p);
    }
  }
  function renderLog(view) {
    var log = $("log");
    log.replaceChildren();
    view.log.slice().reverse().forEach(function (entry) {
      var text = logLine(entry);
      if (text) log.appendChild(el("li", "", text));
    });
  }

  function render(view) {
    state.view = view;
    state.deadline = view.deadline_ms !== null && view.deadline_ms !== undefined ? performance.now() + view.deadline_ms : null;
    renderHead(view);
    renderDealer(view);
    renderOthers(view);
    renderMine(view);
    renderLog(view);
    if (cfg.live) {
      renderBetBar(view);
      renderDrawBar(view);
      renderStatus(view);
      window.ArfWake.want(!!(view.me && view.me.seat)); // the screen on while he is seated (wake_lock.js)
    }
    tick();
  }

  function tick() {
    var timer = $("timer");
    if (!timer) return;
    var view = state.view;
    timer.hidden = !view || state.deadline === null;
    if (timer.hidden) return;
    var left = Math.max(0, state.deadline - performance.now());
    var total = view.table.action_seconds * 1000 || 1;
    timer.querySelector(".timer-bar").style.transform = "scaleX(" + Math.min(1, left / total) + ")"; // table.css
    timer.querySelector(".timer-text").textContent = Math.ceil(left / 1000) + " s";
    timer.classList.toggle("urgent", left < 5000);
  }

  // Sends to the table's socket (static/js/table_common.js), once the live page has opened it.
  var send = function () {};

  function bindControls() {
    $("bet-bar").addEventListener("submit", function (event) {
      event.preventDefault();
      var amount = Math.round(+$("amount").value);
      // One click, one bet: the next view says what happened. Offline, nothing is sent (nor hidden).
      if (send({ type: "bet", amount: amount })) $("bet-bar").hidden = true;
    });
    $("amount").addEventListener("input", labelBet);
    $("draw").addEventListener("click", function () {
      var view = state.view, seat = mySeat(view);
      if (!view.me || !view.me.to_draw || !seat || !seat.cards) return;
      var cards = state.thrown.map(function (k) { return seat.cards[k]; });
      if (send({ type: "draw", cards: cards, hand: view.me.hand_id, seq: view.seq })) $("draw-bar").hidden = true;
    });
    $("take-seat").addEventListener("click", function () { send({ type: "sit" }); });
    $("sit-out").addEventListener("click", function () { send({ type: "sit_out" }); });
    $("sit-in").addEventListener("click", function () { send({ type: "sit_in" }); });
    $("leave").addEventListener("click", function () { send({ type: "leave" }); });
    $("chat-form").addEventListener("submit", function (event) {
      event.preventDefault();
      var input = $("chat-text");
      if (input.value.trim()) send({ type: "chat", text: input.value });
      input.value = "";
    });
  }

  // ---- the replay of a finished round: the same drawing, step by step, a button per stage (the
  // deal, the players' draws, the dealer's hand, the results); a stage never goes back.
  function stageOf(step) {
    var dealer = step.round.dealer;
    var drew = function (seat) { return seat.drew !== null && seat.drew !== undefined; };
    if (step.round.over || step.seats.some(function (seat) { return seat.result; })) return t("street_result");
    if (dealer.cards || drew(dealer)) return t("dealer");
    if (step.seats.some(drew)) return t("stage_draws");
    return t("stage_deal");
  }

  if (cfg.steps) {
    A.replay(cfg.steps, render, t, stageOf);
  } else {
    cfg.live = true;
    bindControls();
    // No control can be used until the socket's snapshot is drawn: not before it first opens (the
    // first view comes from the page itself, and a click then would not be sent, nor say so), nor
    // after the connection is lost (table_common.js) until the view is resynced.
    var controls = function (online) {
      document.querySelectorAll("#bet-bar button, #bet-bar input, #draw-bar button, .me-controls button").forEach(function (node) {
        node.disabled = !online;
      });
    };
    controls(false);
    send = A.live({
      ws: cfg.ws,
      lostText: t("connection_lost"),
      userId: cfg.user_id,
      game: rules,
      show: render,
      error: function () { if (state.view) { renderBetBar(state.view); renderDrawBar(state.view); } },
      online: controls,
    });
    setInterval(tick, 250);
  }
})();
