/* "Notifications on this device" (templates/partials/push_button.html, poker/push): nothing is asked
 * before the player clicks. The click asks the browser's permission, subscribes through the service
 * worker (/sw.js) with the server's VAPID public key, and posts the subscription (endpoint, keys) to
 * the server; "Stop" deletes it there and in the browser. Without the Push API the box says so. */
(function () {
  "use strict";
  var box = document.querySelector("[data-push]");
  if (!box) return;
  var on = box.querySelector("[data-push-on]");
  var off = box.querySelector("[data-push-off]");
  var status = box.querySelector(".push-status");
  box.hidden = false;
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    on.hidden = true;
    status.textContent = status.dataset.unsupported;
    return;
  }

  function csrf() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; } catch (e) { return ""; }
  }
  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (data) {
        if (!response.ok) { var error = new Error(data.error || String(response.status)); error.shown = true; throw error; }
        return data;
      });
    });
  }
  function serverKey() {
    var text = box.dataset.key.replace(/-/g, "+").replace(/_/g, "/");
    var raw = atob(text + "===".slice((text.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }
  function show(subscribed) {
    on.hidden = subscribed;
    off.hidden = !subscribed;
  }
  function worker() {
    return navigator.serviceWorker.register("/sw.js", { scope: "/" }).then(function () {
      return navigator.serviceWorker.ready;
    });
  }
  function fail(error) {
    status.textContent = error && error.shown ? error.message : box.dataset.failed;
  }

  navigator.serviceWorker.getRegistration("/").then(function (registration) {
    return registration ? registration.pushManager.getSubscription() : null;
  }).then(function (subscription) {
    show(Boolean(subscription) && Notification.permission === "granted");
  }).catch(function () { show(false); });

  on.addEventListener("click", function () {
    on.disabled = true;
    status.textContent = "";
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { var error = new Error(box.dataset.denied); error.shown = true; throw error; }
      return worker();
    }).then(function (registration) {
      // A subscription made with older server keys cannot be used: a new one replaces it.
      return registration.pushManager.getSubscription().then(function (old) {
        return old ? old.unsubscribe() : null;
      }).then(function () {
        return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: serverKey() });
      });
    }).then(function (subscription) {
      return post(box.dataset.subscribe, subscription.toJSON());
    }).then(function () {
      show(true);
      status.textContent = box.dataset.textOn;
    }).catch(fail).then(function () { on.disabled = false; });
  });

  off.addEventListener("click", function () {
    off.disabled = true;
    navigator.serviceWorker.ready.then(function (registration) {
      return registration.pushManager.getSubscription();
    }).then(function (subscription) {
      if (!subscription) return null;
      return post(box.dataset.unsubscribe, { endpoint: subscription.endpoint }).then(function () {
        return subscription.unsubscribe();
      });
    }).then(function () {
      show(false);
      status.textContent = box.dataset.textOff;
    }).catch(fail).then(function () { off.disabled = false; });
  });
})();
