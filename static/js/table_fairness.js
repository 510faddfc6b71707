// The table page's fairness panel (docs/fairness.md): a seated player's page contributes a client
// seed before the epoch's first hand here (16 random bytes in hex made here, or a text he types),
// and once that hand is dealt the page shows the table's client seed and whether his is in it.
window.ArfFairness = (function () {
  "use strict";
  var panel = document.getElementById("table-fairness");
  if (!panel) return null;
  var cfg = JSON.parse(document.getElementById("fairness-config").textContent);
  var input = document.getElementById("client-seed");
  var form = document.getElementById("client-seed-form");
  var note = document.getElementById("client-seed-note");
  var shown = document.getElementById("client-seed-shown");
  var sendNow = null, asked = false;
  var storeKey = "arf-client-seed-" + cfg.table + "-" + cfg.epoch;
  var kept = null;
  try { kept = window.localStorage.getItem(storeKey); } catch (e) { kept = null; }

  function randomHex() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }
  function t(key, params) {
    return cfg.text[key].replace(/%\((\w+)\)s/g, function (_, name) { return String(params[name]); });
  }
  if (input && !input.value) input.value = randomHex();

  function seated(view) {
    return (view.seats || []).some(function (s) { return s.user_id === cfg.user_id && s.seated; });
  }
  function contribute() {
    if (!sendNow || !input) return;
    sendNow({ type: "client_seed", seed: input.value });
  }
  if (form) {
    form.addEventListener("submit", function (event) { event.preventDefault(); contribute(); });
  }

  return {
    // The contribution for the socket's address, while one still counts ("" otherwise).
    query: function () {
      if (!cfg.open || !input || !input.value) return "";
      return "?client_seed=" + encodeURIComponent(input.value);
    },
    view: function (view, send) {
      sendNow = send;
      var hand = view.hand || view.round;
      // Open until the epoch's first hand here is dealt (or, near an epoch's end, for the next one).
      var open = cfg.open && seated(view) && (!hand || cfg.next);
      if (form) form.hidden = !open;
      if (open && !asked) { asked = true; contribute(); }
      if (hand && typeof hand.client_seed === "string") {
        var parts = hand.client_seed ? hand.client_seed.split("|") : [];
        var mine = kept;
        var line = t("client_seed", { seed: hand.client_seed || t("empty"), hand: hand.number });
        if (mine && parts.indexOf(mine) >= 0) {
          line += " " + cfg.text.included;
          if (note && !open) note.textContent = "";
        }
        shown.textContent = line;
      }
    },
    // Taken by the server (over the socket's address, which comes before the first snapshot, or
    // as a message): no need to send it again.
    accepted: function (seed) {
      asked = true;
      kept = seed;
      try { window.localStorage.setItem(storeKey, seed); } catch (e) { /* private mode: this page only */ }
      if (note) note.textContent = t("sent", { seed: seed });
    },
  };
})();
