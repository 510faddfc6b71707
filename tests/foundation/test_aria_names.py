"""ARIA where ARIA allows it: an ``aria-label`` names an element only if its role can be named.
A plain ``div``, ``span`` or ``p`` (the "generic" and "paragraph" roles) cannot: a screen reader
ignores the name, and validators flag it. Such an element gets a role (a group, an image...) or no
name. Read from every template of the site."""

from html.parser import HTMLParser
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Elements whose implicit role forbids a name (ARIA in HTML, "naming prohibited").
UNNAMEABLE = {"div", "span", "p", "b", "i", "em", "strong", "small", "code", "pre", "br", "label"}


class Names(HTMLParser):
    def __init__(self):
        super().__init__()
        self.wrong = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in UNNAMEABLE and "aria-label" in attributes and "role" not in attributes:
            self.wrong.append(f"<{tag} {' '.join(k for k, _ in attrs)}> line {self.getpos()[0]}")


def test_no_template_names_an_element_that_aria_does_not_let_be_named():
    wrong = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        parser = Names()
        parser.feed(path.read_text())
        wrong += [f"{path.relative_to(TEMPLATES)}: {w}" for w in parser.wrong]
    assert wrong == []


def test_the_table_felt_is_a_named_group():
    parser = Names()
    parser.feed('<div id="felt" class="felt" aria-label="Table"></div>')
    assert parser.wrong  # the check sees the old mistake
    felt = (TEMPLATES / "poker" / "table.html").read_text()
    assert 'id="felt" class="felt" data-seats="{{ table.max_seats }}" role="group" aria-label=' in felt
