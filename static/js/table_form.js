/* The "open a table" form: only the settings of the chosen game are shown. */
(function () {
  "use strict";
  var variant = document.getElementById("id_variant");
  if (!variant) return;
  function toggle() {
    document.querySelectorAll("[data-variants]").forEach(function (input) {
      var field = input.closest(".field");
      if (field) field.style.display = input.dataset.variants.split(" ").indexOf(variant.value) < 0 ? "none" : "";
    });
  }
  variant.addEventListener("change", toggle);
  toggle();
})();
