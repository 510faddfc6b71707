/* The open-table form: show only the fields of the chosen game (data-games on the inputs). */
(function () {
  "use strict";
  var variant = document.getElementById("id_variant");
  if (!variant) return;
  function update() {
    document.querySelectorAll("[data-games]").forEach(function (input) {
      var field = input.closest(".field");
      if (field) field.hidden = input.dataset.games.split(" ").indexOf(variant.value) < 0;
    });
  }
  variant.addEventListener("change", update);
  update();
})();
