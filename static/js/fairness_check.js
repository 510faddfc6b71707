// The check of an epoch's record (docs/fairness.md, "Checking an epoch"), as
// poker/engine/fairness/check.py does it on the server: the seed must give the commitment
// (SHA-256); each seat draw and each hand's cards are recomputed from the HMAC-SHA256 stream of
// their label (Web Crypto) and compared with the record. ``ArfFairnessCheck.check(record, words)``.
window.ArfFairnessCheck = (function () {
  "use strict";
  var NAMES = [];
  "23456789TJQKA".split("").forEach(function (r) { "cdhs".split("").forEach(function (s) { NAMES.push(r + s); }); });
  var encoder = new TextEncoder();
  var words = {};

  function t(key, params) {
    return words[key].replace(/%\((\w+)\)s/g, function (_, name) { return String(params[name]); });
  }
  function Difference(message) { this.message = message; }
  function hex(bytes) {
    return Array.prototype.map.call(new Uint8Array(bytes), function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function fromHex(text) {
    if (typeof text !== "string" || !/^[0-9a-fA-F]{64}$/.test(text)) throw new Difference(words.seed_bad);
    var out = new Uint8Array(32);
    for (var i = 0; i < 32; i += 1) out[i] = parseInt(text.substr(2 * i, 2), 16);
    return out;
  }

  // The stream of a label: HMAC-SHA256(seed, label + ":" + counter), 4-byte big-endian words.
  function Stream(key, label) {
    this.key = key; this.label = label; this.counter = 0; this.words = []; this.at = 0;
  }
  Stream.prototype.next = async function () {
    if (this.at === this.words.length) {
      var block = new DataView(await crypto.subtle.sign("HMAC", this.key, encoder.encode(this.label + ":" + this.counter)));
      this.counter += 1;
      this.words = [];
      for (var i = 0; i < 32; i += 4) this.words.push(block.getUint32(i, false));
      this.at = 0;
    }
    return this.words[this.at++];
  };
  Stream.prototype.uniform = async function (n) {
    var span = 4294967296, limit = span - (span % n);
    for (;;) {
      var u = await this.next();
      if (u < limit) return u % n;
    }
  };
  async function shuffle(key, label, items) {
    var out = items.slice(), stream = new Stream(key, label);
    for (var i = out.length - 1; i > 0; i -= 1) {
      var j = await stream.uniform(i + 1), swap = out[i];
      out[i] = out[j]; out[j] = swap;
    }
    return out;
  }
  function range(n) { var out = []; for (var i = 0; i < n; i += 1) out.push(i); return out; }
  function pack(decks) { var out = []; for (var d = 0; d < decks; d += 1) out = out.concat(range(52)); return out; }
  function names(cards) { return cards.map(function (c) { return NAMES[c]; }); }
  function same(a, b) { return a.length === b.length && a.every(function (x, i) { return x === b[i]; }); }

  async function checkDraw(key, draw) {
    var members = draw.members.slice().sort(function (a, b) { return a - b; });
    var order = await shuffle(key, draw.label, members), start = 0;
    draw.tables.forEach(function (seated, k) {
      var expected = order.slice(start, start + seated.length);
      start += seated.length;
      if (!same(expected, seated)) {
        throw new Difference(t("draw_bad", { label: draw.label, table: k + 1, expected: expected.join(", "), shown: seated.join(", ") }));
      }
    });
    if (start !== order.length) throw new Difference(t("draw_count", { label: draw.label }));
  }

  // A table's first button: a choice among the seats dealt in (ascending) by the stream of
  // "button:<table>"; the label is recomputed, not read.
  async function checkButton(key, draw) {
    var table = Number(draw.table), seats = (draw.seats || []).map(Number);
    var ascending = seats.length > 0 && seats.every(function (s, i) { return i === 0 || s > seats[i - 1]; });
    if (!ascending) throw new Difference(t("button_seats", { table: table }));
    var player = await new Stream(key, "button:" + table).uniform(seats.length);
    if (Number(draw.button) !== player) {
      throw new Difference(t("button_bad", { table: table, expected: player + 1, seat: seats[player], shown: Number(draw.button) + 1 }));
    }
  }

  // The balancing moves after a round-2 hand (poker/engine/balance.py): break the shortest tables
  // while the players fit at fewer, then move from the fullest to the shortest while they differ by
  // two or more; every seat and player chosen by the stream of the label.
  async function checkBalancing(key, draw) {
    var stream = new Stream(key, draw.label), state = {}, moves = [], broken = [];
    Object.keys(draw.tables).forEach(function (t) {
      state[Number(t)] = {};
      Object.keys(draw.tables[t]).forEach(function (s) { state[Number(t)][Number(s)] = Number(draw.tables[t][s]); });
    });
    function numbers() { return Object.keys(state).map(Number); }
    function size(t) { return Object.keys(state[t]).length; }
    function seatsOf(t) { return Object.keys(state[t]).map(Number).sort(function (a, b) { return a - b; }); }
    function shortest(tables) { return tables.reduce(function (a, b) { return size(b) < size(a) || (size(b) === size(a) && b < a) ? b : a; }); }
    // The fullest, the lowest number on a tie; the table to break: the shortest, the highest on a tie.
    function fullest() { return numbers().reduce(function (a, b) { return size(b) > size(a) || (size(b) === size(a) && b < a) ? b : a; }); }
    function breaking() { return numbers().reduce(function (a, b) { return size(b) < size(a) || (size(b) === size(a) && b > a) ? b : a; }); }
    async function move(player, from, seat, to) {
      var free = range(8).map(function (i) { return i + 1; }).filter(function (s) { return !(s in state[to]); });
      var toSeat = free[await stream.uniform(free.length)];
      delete state[from][seat];
      state[to][toSeat] = player;
      moves.push([player, from, seat, to, toSeat]);
    }
    var total = numbers().reduce(function (n, t) { return n + size(t); }, 0);
    while (numbers().length > 1 && numbers().length > Math.ceil(total / 8)) {
      var gone = breaking(), order = seatsOf(gone);
      for (var k = 0; k < order.length; k += 1) {
        await move(state[gone][order[k]], gone, order[k], shortest(numbers().filter(function (t) { return t !== gone; })));
      }
      delete state[gone];
      broken.push(gone);
    }
    while (numbers().length > 1) {
      var full = fullest(), short = shortest(numbers());
      if (size(full) - size(short) < 2) break;
      var seats = seatsOf(full), seat = seats[await stream.uniform(seats.length)];
      await move(state[full][seat], full, seat, short);
    }
    var shown = (draw.moved || []).map(function (m) { return m.map(Number).join(" "); });
    if (!same(moves.map(function (m) { return m.join(" "); }), shown) || !same(broken, (draw.broken || []).map(Number))) {
      throw new Difference(t("balance_bad", { label: draw.label, expected: JSON.stringify(moves), shown: JSON.stringify(draw.moved || []) }));
    }
  }

  // The cards off the recomputed deck in the order the game deals them (docs/fairness.md).
  async function checkHand(key, hand) {
    var where = t("where", { table: hand.table, hand: hand.hand });
    var suffix = hand.table + ":" + hand.hand + ":" + hand.client_seed;
    var deck = await shuffle(key, "deal:" + suffix, pack(hand.decks || 1));
    var keys = await shuffle(key, "reshuffle:" + suffix, range(52));
    var game = hand.game, pos = 0, out = [], hole = [], dealer = [], dealerCount = 0;
    function fail(what, expected, shown) {
      throw new Difference(t("deals", { where: where, what: what, expected: names(expected).join(" "), shown: shown.join(" ") }));
    }
    function check(what, expected, shown) { if (!same(names(expected), shown)) fail(what, expected, shown); }
    function take() {
      if (pos === deck.length) {
        deck = out.slice().sort(function (a, b) { return keys[a] - keys[b]; });
        out = []; pos = 0;
        if (!deck.length) throw new Difference(t("overrun", { where: where }));
      }
      return deck[pos++];
    }
    function exchange(cards, kept, received) {
      var thrown = cards.slice();
      kept.forEach(function (name) {
        var k = thrown.indexOf(NAMES.indexOf(name));
        if (k < 0) fail(words.kept, cards, kept);
        thrown.splice(k, 1);
      });
      out = out.concat(thrown);
      return kept.map(function (name) { return NAMES.indexOf(name); }).concat(received);
    }
    function start(e) {
      var n = e.players, k;
      if (game === "holdem") {
        hole = range(n).map(function () { return []; });
        for (k = 0; k < 2 * n; k += 1) hole[(e.button + 1 + (k % n)) % n].push(deck[k]);
        pos = 2 * n;
      } else if (game === "razz") {
        hole = range(n).map(function (i) { return [deck[i], deck[n + i], deck[2 * n + i]]; });
        pos = 3 * n;
      } else {
        hole = range(n).map(function (i) { return range(5).map(function (r) { return deck[i + r * (n + 1)]; }); });
        dealer = range(5).map(function (r) { return deck[n + r * (n + 1)]; });
        pos = 5 * (n + 1);
      }
    }
    hand.events.forEach(function (e) {
      var i = e.player, what = t("player", { n: i + 1 }), received, kept;
      switch (e.type) {
        case "hand_started": case "round_started": start(e); break;
        case "hole_cards": case "up_cards":
          if (game === "razz" && e.street && e.street !== "third") {
            var card = take();
            hole[i].push(card);
            check(what, [card], e.cards);
          } else if (game === "razz") {
            check(what, e.type === "hole_cards" ? hole[i].slice(0, 2) : hole[i].slice(2, 3), e.cards);
          } else {
            check(what, hole[i], e.cards);
          }
          break;
        case "burn": out.push(take()); break;
        case "board": check(words.board, e.cards.map(function () { return take(); }), e.cards); break;
        case "fold": if (game === "razz") out = out.concat(hole[i]); break;
        case "show": check(t("shown", { n: i + 1 }), hole[i], e.cards); break;
        case "new_cards":
          received = e.received.map(function () { return take(); });
          check(t("new_cards", { n: i + 1 }), received, e.received);
          hole[i] = exchange(hole[i], e.cards.slice(0, e.cards.length - received.length), received);
          break;
        case "dealer_draw": dealerCount = e.count; break;
        case "dealer_shows":
          received = range(dealerCount).map(function () { return take(); });
          kept = e.cards.slice(0, e.cards.length - dealerCount);
          check(words.dealer_new, received, e.cards.slice(kept.length));
          dealer = exchange(dealer, kept, received);
          break;
        default: break;
      }
    });
  }

  // What was checked, one line per draw and hand; throws a Difference (its message in words) at
  // the first mismatch. ``sentences``: the page's words (poker/fairness/views.py, ``_words``).
  async function check(record, sentences) {
    words = sentences;
    var seed = fromHex(record.server_seed);
    if (hex(await crypto.subtle.digest("SHA-256", seed)) !== record.commitment) {
      throw new Difference(words.commitment_bad);
    }
    var key = await crypto.subtle.importKey("raw", seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    var lines = [];
    for (var d = 0; d < (record.draws || []).length; d += 1) {
      await checkDraw(key, record.draws[d]);
      lines.push(t("draw_ok", { label: record.draws[d].label }));
    }
    for (var b = 0; b < (record.buttons || []).length; b += 1) {
      await checkButton(key, record.buttons[b]);
      lines.push(t("button_ok", { table: record.buttons[b].table }));
    }
    for (var m = 0; m < (record.balancing || []).length; m += 1) {
      if (!record.balancing[m].tables) continue; // a session played before the record held the inputs
      await checkBalancing(key, record.balancing[m]);
      lines.push(t("draw_ok", { label: record.balancing[m].label }));
    }
    for (var h = 0; h < (record.hands || []).length; h += 1) {
      await checkHand(key, record.hands[h]);
      lines.push(t("hand_ok", { table: record.hands[h].table, hand: record.hands[h].hand }));
    }
    return lines;
  }

  return { check: check, Difference: Difference };
})();
