/* The organizer's irreversible actions ask first (championship/confirmations.py). A form holding a
 * <template data-question> opens it in a modal <dialog> instead of being sent; only the dialog's
 * button sends it, with confirm=yes, once (the button is disabled at the first click, so a double
 * click acts once). Cancel, Escape or a click outside closes it and sends nothing. The live block
 * does not refresh under an open dialog. Without this script the form is sent without confirm=yes
 * and the server answers with the same question as a page. A form marked data-submit-once (that
 * page's) is sent once, whatever the clicks. */
(function () {
  "use strict";
  var dialog = null, pending = null, opener = null;

  function build() {
    dialog = document.createElement("dialog");
    dialog.className = "question-dialog";
    dialog.setAttribute("aria-labelledby", "question-dialog-title");
    dialog.setAttribute("aria-describedby", "question-dialog-body");
    var body = document.createElement("div");
    body.id = "question-dialog-body";
    var actions = document.createElement("div");
    actions.className = "question-actions";
    var cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button";
    cancel.dataset.cancel = "";
    var go = document.createElement("button");
    go.type = "button";
    go.dataset.go = "";
    actions.append(cancel, go);
    dialog.append(body, actions);
    document.body.appendChild(dialog);
    cancel.addEventListener("click", function () { dialog.close(); });
    dialog.addEventListener("click", function (event) {
      if (event.target === dialog) dialog.close(); // a click on the backdrop
    });
    dialog.addEventListener("close", function () {
      pending = null;
      if (opener && opener.isConnected) opener.focus();
    });
    go.addEventListener("click", function () {
      if (!pending || go.disabled) return;
      go.disabled = true;
      var form = pending;
      var field = document.createElement("input");
      field.type = "hidden";
      field.name = "confirm";
      field.value = "yes";
      form.appendChild(field);
      form.dataset.confirmed = "1";
      dialog.close();
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
    });
  }

  function ask(form, question) {
    if (!dialog) build();
    var body = dialog.querySelector("#question-dialog-body");
    body.replaceChildren(question.content.cloneNode(true));
    var title = body.querySelector("h2");
    if (title) title.id = "question-dialog-title";
    var go = dialog.querySelector("[data-go]");
    go.textContent = question.dataset.button;
    go.className = "button " + (question.hasAttribute("data-danger") ? "danger" : "primary");
    go.disabled = false;
    dialog.querySelector("[data-cancel]").textContent = question.dataset.cancel;
    pending = form;
    opener = document.activeElement;
    dialog.showModal();
    dialog.querySelector("[data-cancel]").focus(); // the safe choice first
  }

  // Capture, on the window: before htmx's own listener on the form sends it.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.hasAttribute("data-submit-once")) {
      if (form.dataset.sent) { event.preventDefault(); event.stopPropagation(); return; }
      form.dataset.sent = "1";
      form.querySelectorAll("button[type=submit]").forEach(function (b) { b.disabled = true; });
      return;
    }
    var question = form.querySelector(":scope > template[data-question]");
    if (!question) return;
    if (form.dataset.confirmed) {
      delete form.dataset.confirmed; // the next submit asks again
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    ask(form, question);
  }, true);

  // The live block's refresh would replace the form under the dialog: not while it is open.
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (dialog && dialog.open && event.detail.requestConfig && event.detail.requestConfig.verb === "get") {
      event.preventDefault();
    }
  });
})();
