"""Reads a page's form as the browser would send it back untouched."""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str | None):
        super().__init__()
        self.form_id, self.inside, self.fields, self.inputs = form_id, False, {}, []
        self._textarea: str | None = None
        self._select: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and not self.inside and (self.form_id is None or a.get("id") == self.form_id):
            self.inside = a.get("method", "get").lower() == "post"
            return
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            self.inputs.append(a)
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields.setdefault(a["name"], []).append(a.get("value", "on"))
            elif kind != "submit":
                self.fields.setdefault(a["name"], []).append(a.get("value", ""))
        elif tag == "textarea":
            self._textarea = a["name"]
            self.fields[a["name"]] = [""]
        elif tag == "select":
            self._select = a["name"]
        elif tag == "option" and self._select and "selected" in a:
            self.fields[self._select] = [a.get("value", "")]

    def handle_data(self, data):
        if self._textarea:
            self.fields[self._textarea][0] += data

    def handle_endtag(self, tag):
        if tag == "textarea":
            self._textarea = None
        elif tag == "select":
            self._select = None
        elif tag == "form" and self.inside:
            self.inside = False
            self.form_id = "\0done"


def form_of(page: str, form_id: str | None = None) -> tuple[dict[str, list[str]], list[dict]]:
    """The first POST form of the page's content (or the one with `form_id`): the values it
    sends, and its <input>s."""
    reader = _FormReader(form_id)
    reader.feed(page[page.find("<main") :] if "<main" in page else page)  # not the header's forms
    return reader.fields, reader.inputs
