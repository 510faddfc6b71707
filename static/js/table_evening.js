/* The online evening at the table page: the get-ready countdown of a round's first hand and who is
 * still missing (the view's "get_ready", poker/games/betting/views.py). Drawn from each view the table script
 * draws ("arf:table-view"), with textContent only; the countdown ticks here between views. */
(function () {
  "use strict";
  var TEXT = JSON.parse(document.getElementById("evening-text").textContent);
  var box = document.getElementById("get-ready");
  var deadline = null;

  function t(key, params) {
    return (TEXT[key] || key).replace(/%\((\w+)\)s/g, function (_, name) { return params[name]; });
  }
  function setText(node, text) { if (node.textContent !== text) node.textContent = text; }
  function clock() {
    if (deadline === null) return;
    var left = Math.max(0, Math.ceil((deadline - performance.now()) / 1000));
    var minutes = Math.floor(left / 60), seconds = left % 60;
    setText(document.getElementById("get-ready-clock"), minutes + ":" + (seconds < 10 ? "0" : "") + seconds);
  }
  document.addEventListener("arf:table-view", function (event) {
    var ready = event.detail.get_ready;
    if (box.hidden !== !ready) box.hidden = !ready; // written only when it changes: each view comes here
    if (!ready) { deadline = null; return; }
    deadline = performance.now() + ready.ms;
    setText(document.getElementById("get-ready-text"), t("get_ready_text"));
    setText(document.getElementById("get-ready-missing"), ready.missing.length
      ? t("get_ready_missing", { names: ready.missing.join(", ") }) : "");
    clock();
  });
  setInterval(clock, 1000);
})();
