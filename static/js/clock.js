// The session clock: counts down between server refreshes (htmx swaps the block with the time
// computed on the server: every few seconds on the session page, on each change on the TV) and beeps
// when the level changes.
// The sound is made with the Web Audio API: no audio file.
(function () {
  "use strict";
  var lastLevel = null;
  var audio = null;
  var soundOn = false;

  // Browsers refuse to start audio before the user has touched the page: the sound starts with his
  // first tap or key (or the TV page's sound button), never by itself.
  function unlock() {
    if (audio) return;
    try {
      audio = new (window.AudioContext || window.webkitAudioContext)();
      if (audio.resume) audio.resume();
    } catch (e) { /* no audio on this device */ }
  }
  ["pointerdown", "keydown", "touchstart"].forEach(function (kind) {
    document.addEventListener(kind, unlock, { passive: true });
  });

  function beep() {
    if (!soundOn || !audio) return;
    try {
      [0, 0.35, 0.7].forEach(function (offset, i) {
        var osc = audio.createOscillator();
        var gain = audio.createGain();
        osc.type = "sine";
        osc.frequency.value = i === 2 ? 1320 : 880;
        gain.gain.setValueAtTime(0.0001, audio.currentTime + offset);
        gain.gain.exponentialRampToValueAtTime(0.4, audio.currentTime + offset + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + offset + 0.3);
        osc.connect(gain).connect(audio.destination);
        osc.start(audio.currentTime + offset);
        osc.stop(audio.currentTime + offset + 0.32);
      });
    } catch (e) { /* no audio on this device */ }
  }

  function pad(n) { return (n < 10 ? "0" : "") + n; }

  function show(el, seconds) {
    var s = Math.max(0, Math.round(seconds));
    var out = el.querySelector("[data-clock-time]");
    if (out) out.textContent = pad(Math.floor(s / 60)) + ":" + pad(s % 60);
  }

  function arm(el) {
    var level = el.getAttribute("data-level");
    if (lastLevel !== null && level !== lastLevel) beep();
    lastLevel = level;
    el._deadline = Date.now() + 1000 * parseFloat(el.getAttribute("data-seconds-left") || "0");
    el._running = el.getAttribute("data-running") === "1";
  }

  function scan() {
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (el._deadline === undefined) arm(el);
    });
  }

  // The TV page before the start: the time to the session's start (championship's countdown filter
  // writes it the same way), counted from the figure of the server's last refresh.
  function countdown(el) {
    if (el._deadline === undefined || el._seconds !== el.getAttribute("data-seconds-left")) {
      el._seconds = el.getAttribute("data-seconds-left");
      el._deadline = Date.now() + 1000 * parseFloat(el._seconds || "0");
    }
    var s = Math.max(0, Math.round((el._deadline - Date.now()) / 1000));
    var days = Math.floor(s / 86400), rest = s % 86400;
    var text = pad(Math.floor(rest / 3600)) + ":" + pad(Math.floor(rest % 3600 / 60)) + ":" + pad(rest % 60);
    text = days ? days + " " + el.getAttribute("data-day") + " " + text : text;
    if (el.textContent !== text) el.textContent = text;
  }

  setInterval(function () {
    document.querySelectorAll("[data-countdown]").forEach(countdown);
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      if (el._deadline === undefined) arm(el);
      if (!el._running) return;
      var left = (el._deadline - Date.now()) / 1000;
      if (left <= 0 && !el._beeped) {
        el._beeped = true;
        beep();
        // The next level's blinds come from the server (static/js/tv.js fetches them).
        document.dispatchEvent(new CustomEvent("arf:level-end"));
      }
      show(el, left);
    });
  }, 250);

  document.addEventListener("DOMContentLoaded", function () {
    scan();
    var toggle = document.querySelector("[data-sound-toggle]");
    if (toggle) {
      toggle.addEventListener("click", function () {
        unlock();
        soundOn = !soundOn;
        toggle.classList.toggle("on", soundOn);
        toggle.setAttribute("aria-pressed", soundOn ? "true" : "false");
        if (soundOn) beep();
      });
    } else {
      soundOn = true;
    }
  });
  document.addEventListener("htmx:afterSettle", scan);
})();
