"""Every text of the site is readable: WCAG 2.1 AA, a contrast ratio of at least 4.5:1 between a
text's colour and what it is written on. Computed from the style sheets themselves (static/css), so
that a new colour cannot slip below it.

Each rule that gives a colour is paired with its background: its own, or, when it sets only one of
the two, the background (or the text colour) it sits in: the page's paper and cards, the felt, the
TV clock's night green... (``CONTEXTS``, each read from the rule of the CSS that paints it).
Gradients count each of their colours; translucent colours are laid over what is behind them."""

import re
from pathlib import Path

import pytest

CSS = Path(__file__).resolve().parents[2] / "static" / "css"
AA = 4.5

# Where a rule's text sits when the rule does not paint its own background: (selectors it applies
# to, the rule whose background it sits on, the text colour it inherits there).
CONTEXTS = [
    (r"\.tv-table", ".tv-table", "body.tv"),
    (r"body\.tv|\.tv-", "body.tv", "body.tv"),
    (r"\.clock", ".clock", ".clock"),
    (r"\.topbar", ".topbar", ".topbar"),
    (r"\.felt|\.seat|\.bet|\.dealer|\.pot|\.board|\.timer|\.results", ".felt", ".felt-center"),
    (r"\.draw-", ".draw-felt", ".draw-felt"),
]
PAGE = ("body", ".card")  # everything else: on the paper or on a white card, in the ink
# Rules that paint no text: colour swatches, card backs, bars, the felt under its seats.
NO_TEXT = re.compile(
    r"^(\.swatch-\d|\.playing-card\.back|\.timer-bar|\.timer\.urgent \.timer-bar|\.felt|\.draw-felt"
    r"|\.chart svg|\.tv-qr-box|\.timer|button\.link|\.tv-sound|.*::backdrop)$"
)
HEX = re.compile(r"#[0-9a-fA-F]{3,6}\b|rgba?\([^)]*\)|\b(?:white|black)\b")


def parse(text: str) -> list[tuple[str, dict[str, str]]]:
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    rules = []
    for selectors, body in re.findall(r"([^{}]+)\{([^{}]*)\}", text):
        declarations = {k.strip(): v.strip() for k, v in re.findall(r"([\w-]+)\s*:\s*([^;]+)", body)}
        for selector in selectors.split(","):
            rules.append((" ".join(selector.split()), declarations))
    return rules


def rgba(value: str) -> tuple[float, float, float, float]:
    value = value.strip().lower()
    if value in ("white", "black"):
        return (255, 255, 255, 1) if value == "white" else (0, 0, 0, 1)
    if value.startswith("#"):
        digits = value[1:] if len(value) == 7 else "".join(c * 2 for c in value[1:])
        return (*(int(digits[i : i + 2], 16) for i in (0, 2, 4)), 1)
    parts = [float(p) for p in re.findall(r"[\d.]+", value)]
    return (*parts[:3], parts[3] if len(parts) > 3 else 1)


def over(colour, behind):
    """A translucent colour laid over an opaque one."""
    alpha = colour[3]
    return (*(colour[i] * alpha + behind[i] * (1 - alpha) for i in range(3)), 1)


def luminance(colour) -> float:
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(text, background) -> float:
    light, dark = sorted((luminance(text), luminance(background)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def style_sheets():
    rules = []
    for path in sorted(CSS.glob("*.css")):
        rules += [(path.name, s, d) for s, d in parse(path.read_text())]
    variables = {k: v for _f, s, d in rules if s == ":root" for k, v in d.items() if k.startswith("--")}

    def resolve(value):
        if value is None:
            return None
        return re.sub(r"var\((--[\w-]+)\)", lambda m: variables[m.group(1)], value)

    return [
        (f, s, resolve(d.get("color")), resolve(d.get("background-color") or d.get("background")))
        for f, s, d in rules
    ]


RULES = style_sheets()


def colours_of(selector: str, which: int) -> list[tuple]:
    for _f, s, *values in RULES:
        if s == selector and values[which - 2]:
            return [rgba(c) for c in HEX.findall(values[which - 2])]
    raise AssertionError(f"no rule {selector!r} gives its {'colour' if which == 2 else 'background'}")


def context(selector: str):
    for pattern, background, text in CONTEXTS:
        if re.search(pattern, selector):
            return colours_of(background, 3), colours_of(text, 2)
    return [c for s in PAGE for c in colours_of(s, 3)], colours_of("body", 2)


def own_colour(selector: str):
    """The text colour a rule's element gets from a less specific rule of the same element
    (".badge" for ".badge.hand-name"), if one gives it."""
    base = selector
    while True:
        shorter = re.sub(r"(?<=\S)(\.[\w-]+|\[[^\]]*\]|:[\w-]+(\([^)]*\))?)$", "", base)
        if shorter == base:
            return None
        base = shorter
        for _f, s, colour, _bg in RULES:
            if s == base and colour:
                return [rgba(c) for c in HEX.findall(colour)]


def pairs():
    for name, selector, colour, background in RULES:
        if NO_TEXT.match(selector) or ":disabled" in selector or (colour is None and background is None):
            continue
        behind, inherited = context(selector)
        if background and HEX.search(background):
            painted = [rgba(c) for c in HEX.findall(background)]
            backgrounds = [over(p, b) for p in painted for b in behind]
        elif background:  # "none", "transparent": the context shows through
            backgrounds = behind
        else:
            backgrounds = behind
        if colour and HEX.search(colour):
            texts = [rgba(c) for c in HEX.findall(colour)]
        elif colour:
            continue  # "inherit", "currentColor"
        else:
            texts = own_colour(selector) or inherited
        for text in texts:
            for back in backgrounds:
                yield name, selector, text, back


CHECKED = list(pairs())


def test_the_style_sheets_give_colours_to_many_texts():
    # The parser reads what it should: the page's text, the buttons, the badges, the TV, the felt.
    selectors = {s for _n, s, _t, _b in CHECKED}
    assert {"body", ".button.primary", ".badge.finished", ".tv-table h3", ".seat .plate"} <= selectors
    assert len(CHECKED) > 150


@pytest.mark.parametrize("name,selector,text,back", CHECKED, ids=[f"{n}:{s}" for n, s, _t, _b in CHECKED])
def test_every_text_reaches_wcag_aa_contrast(name, selector, text, back):
    def hex_(c):
        return "#" + "".join(f"{round(x):02x}" for x in c[:3])

    seen = over(text, back)
    figure = ratio(seen, back)
    assert figure >= AA, f"{name} {selector}: {hex_(seen)} on {hex_(back)} is {figure:.2f}:1"


def test_the_ratio_is_the_one_wcag_defines():
    # WCAG's own figures: black on white 21:1, and the home page's old "finished" badge.
    assert ratio(rgba("#000"), rgba("#fff")) == pytest.approx(21)
    assert ratio(rgba("#fff"), rgba("#d4a017")) == pytest.approx(2.38, abs=0.01)
