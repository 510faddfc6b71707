// The Verify page (docs/fairness.md): the epoch's record checked in the browser by
// fairness_check.js, then the page says "matches" or names the first difference. A record file the
// viewer has (downloaded earlier, or from someone else) is checked the same way.
(function () {
  "use strict";
  var script = document.getElementById("fairness-script");
  var words = JSON.parse(document.getElementById("fairness-words").textContent);
  var verdict = document.getElementById("verdict");
  var list = document.getElementById("checked");
  var Check = window.ArfFairnessCheck;

  function t(key, params) {
    return words[key].replace(/%\((\w+)\)s/g, function (_, name) { return String(params[name]); });
  }

  async function run(record) {
    verdict.textContent = words.checking;
    verdict.className = "verdict";
    list.textContent = "";
    if (!window.crypto || !crypto.subtle) {
      verdict.textContent = words.no_crypto;
      return;
    }
    if (!record || typeof record !== "object") { verdict.textContent = words.bad_file; verdict.className = "verdict bad"; return; }
    if (!record.revealed) { verdict.textContent = words.not_revealed; return; }
    try {
      if (record.commitment !== document.getElementById("commitment").textContent.trim()) {
        throw new Check.Difference(words.other_epoch);
      }
      var lines = await Check.check(record, words);
      lines.forEach(function (line) { var li = document.createElement("li"); li.textContent = line; list.appendChild(li); });
      verdict.textContent = t("matches", { hands: (record.hands || []).length, draws: (record.draws || []).length });
      verdict.className = "verdict good";
    } catch (error) {
      var what = error instanceof Check.Difference ? error.message : String(error && error.message || error);
      verdict.textContent = t("difference", { what: what });
      verdict.className = "verdict bad";
    }
  }

  fetch(script.dataset.record, { credentials: "same-origin" })
    .then(function (response) { return response.json(); })
    .then(run, function () { verdict.textContent = words.bad_file; });
  document.getElementById("record-file").addEventListener("change", function (event) {
    var file = event.target.files[0];
    if (!file) return;
    file.text().then(function (text) {
      var record = null;
      try { record = JSON.parse(text); } catch (e) { record = null; }
      return run(record);
    });
  });
})();
