/* The organizer's announcement (championship/announcements, docs/evening.md): a bar at the top of
 * each page of a player of tonight's session (his table's first), a band on the TV clock. It is the
 * organizer's free text: drawn with textContent only, never as markup.
 * Where it comes from: the page as served (the data-announcement attribute of the evening's notice,
 * templates/partials/evening.html, or of the TV's block), the notices socket's "announcement"
 * message (static/js/evening.js sends it on as "arf:announcement"), and the notice or the TV block
 * fetched again. An older one never replaces a newer one (a look that raced the push).
 * A player closes it: his browser keeps the highest id he closed, so a reload does not bring it back
 * and the next one shows; closed in one tab, it goes in the others. The TV has nothing to close: its
 * band shows the session's latest until the next replaces it (or the server says none any more). */
(function () {
  "use strict";
  var bar = document.getElementById("organizer-announcement");
  if (!bar) return;
  var text = bar.querySelector("[data-announcement-text]");
  var close = bar.querySelector("[data-announcement-close]");
  var tv = bar.hasAttribute("data-tv");
  var KEY = "arf-announcement-closed";
  var shownId = 0, newest = 0;

  function closedUpTo() {
    try { return parseInt(localStorage.getItem(KEY), 10) || 0; } catch (e) { return 0; }
  }

  // The page makes room for the bar (table.css, --top-bar-room) and places its table again.
  function placed(shown) {
    bar.classList.toggle("shown", shown);
    bar.classList.remove("open");
    document.body.classList.toggle("has-announcement", shown);
    if (close) close.hidden = !shown;
    document.dispatchEvent(new CustomEvent("arf:top-bar"));
  }

  function clear() {
    if (!shownId) return;
    shownId = 0;
    text.textContent = "";
    placed(false);
  }

  // ``final``: the server's word on what is shown now (the TV's block): none means none.
  function draw(announcement, final) {
    if (!announcement || typeof announcement.id !== "number") {
      if (final) clear();
      return;
    }
    if (announcement.id < newest) return;
    newest = announcement.id;
    if (!tv && announcement.id <= closedUpTo()) { clear(); return; }
    if (announcement.id === shownId) return;  // already said: not read out twice
    var label = document.createElement("strong");
    label.textContent = bar.dataset.label + " ";
    text.textContent = "";
    text.appendChild(label);
    text.appendChild(document.createTextNode(String(announcement.text)));
    shownId = announcement.id;
    bar.classList.toggle("long", String(announcement.text).length > 120);  // the TV's smaller size
    placed(true);
  }

  function fromPage(final) {
    var source = document.querySelector("[data-announcement]");
    if (!source) return;
    try { draw(JSON.parse(source.dataset.announcement), final); } catch (e) { /* a page without one */ }
  }

  if (close) {
    close.addEventListener("click", function () {
      try { localStorage.setItem(KEY, String(Math.max(shownId, closedUpTo()))); } catch (e) { /* private mode */ }
      clear();
    });
  }
  // The bar shows two lines: a tap shows the whole text, another folds it.
  text.addEventListener("click", function () { if (shownId) bar.classList.toggle("open"); });
  window.addEventListener("storage", function (event) {
    if (event.key === KEY && shownId && shownId <= closedUpTo()) clear();
  });
  document.addEventListener("arf:announcement", function (event) { draw(event.detail, false); });
  document.addEventListener("htmx:afterSwap", function () { fromPage(tv); });
  fromPage(tv);
})();
