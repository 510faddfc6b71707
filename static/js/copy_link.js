/* One-time links shown to the organizer (invitations, password resets): a tap on the field selects
 * the link, the button copies it. Kept out of the page so the content security policy can forbid
 * inline scripts. */
(function () {
  "use strict";
  document.querySelectorAll("[data-select-on-click]").forEach(function (field) {
    field.addEventListener("click", function () { field.select(); });
  });
  document.querySelectorAll("[data-copy]").forEach(function (button) {
    button.addEventListener("click", function () {
      var field = document.querySelector(button.dataset.copy);
      if (field && navigator.clipboard) navigator.clipboard.writeText(field.value);
    });
  });
})();
