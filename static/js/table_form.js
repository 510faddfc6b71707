/* The "open a table" form: only the settings of the chosen game are shown, with that game's help
 * (poker/pages/forms.py puts each game's help on the field as data-help-<game>). */
(function () {
  "use strict";
  var variant = document.getElementById("id_variant");
  if (!variant) return;
  function toggle() {
    document.querySelectorAll("[data-variants]").forEach(function (input) {
      var field = input.closest(".field");
      if (field) field.style.display = input.dataset.variants.split(" ").indexOf(variant.value) < 0 ? "none" : "";
    });
    document.querySelectorAll("[data-help-" + variant.value + "]").forEach(function (input) {
      var field = input.closest(".field");
      if (!field) return;
      var help = field.querySelector(".help");
      if (!help) {
        help = document.createElement("small");
        help.className = "help";
        input.insertAdjacentElement("afterend", help);
      }
      help.textContent = input.getAttribute("data-help-" + variant.value);
      help.hidden = !help.textContent;
    });
  }
  variant.addEventListener("change", toggle);
  toggle();
})();
