/* What the live table pages share (table.js, draw.js): the table's websocket, with sends queued
 * while it (re)connects and reconnection with a back-off behind the "connection lost" banner; an
 * error shown in the status line; a chat line; a view's change applied to the view the page has.
 * Every text goes through textContent.
 */
window.ArfTableSocket = (function () {
  "use strict";
  function $(id) { return document.getElementById(id); }

  // Open the socket at ``path``; ``onMessage`` gets each message parsed. Returns ``send``.
  function open(path, onMessage, lostText) {
    var socket = null, retry = 0, outbox = [];
    function send(message) {
      // A click while the socket is (re)connecting is sent once it is open, not lost.
      if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
      else outbox.push(message);
    }
    function connect() {
      var scheme = location.protocol === "https:" ? "wss://" : "ws://";
      socket = new WebSocket(scheme + location.host + path);
      socket.addEventListener("open", function () {
        retry = 0;
        $("connection").hidden = true;
        while (outbox.length) socket.send(JSON.stringify(outbox.shift()));
      });
      socket.addEventListener("message", function (event) { onMessage(JSON.parse(event.data)); });
      socket.addEventListener("close", function () {
        $("connection").textContent = lostText;
        $("connection").hidden = false;
        retry = Math.min(retry + 1, 6);
        setTimeout(connect, 300 * retry);
      });
    }
    connect();
    return send;
  }

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
  // poker/delta.py ``apply`` does, the format is described there (tests/poker/test_delta.py runs
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

  return { open: open, showError: showError, addChat: addChat, applyDelta: applyDelta };
})();
