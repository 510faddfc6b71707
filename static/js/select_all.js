// "Select all": a checkbox with data-select-all="<name>" ticks or clears every checkbox of that
// name in its form, and shows "some" (indeterminate) when only part of them are ticked.
(function () {
  "use strict";
  function boxes(master) {
    return Array.prototype.slice.call(
      master.form.querySelectorAll('input[type="checkbox"][name="' + master.dataset.selectAll + '"]'));
  }
  function sync(master) {
    var all = boxes(master), ticked = all.filter(function (b) { return b.checked; }).length;
    master.checked = all.length > 0 && ticked === all.length;
    master.indeterminate = ticked > 0 && ticked < all.length;
  }
  document.addEventListener("change", function (event) {
    var target = event.target;
    if (target.dataset && target.dataset.selectAll !== undefined) {
      boxes(target).forEach(function (b) { b.checked = target.checked; });
      return;
    }
    if (target.form && target.type === "checkbox") {
      var master = target.form.querySelector('[data-select-all="' + target.name + '"]');
      if (master) sync(master);
    }
  });
})();
