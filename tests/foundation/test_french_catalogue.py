"""The French of the whole site, read from its catalogue (locale/fr): typographic apostrophes, a
narrow no-break space before the high punctuation (: ; ! ?), no word a player should not need
("époque"), no participle that gives a player a gender where a noun says it ("éliminé" about a
player: "élimination de X"), big blinds abbreviated one way (GB), places as ordinals (1re, 2e)."""

import gettext
import re
from pathlib import Path

import pytest

MO = Path(__file__).resolve().parents[2] / "locale" / "fr" / "LC_MESSAGES" / "django.mo"


@pytest.fixture(scope="module")
def french() -> dict[str, str]:
    with MO.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)._catalog
    # msgid (or (msgid, n) for plurals, "context\x04msgid" with a context) -> msgstr
    return {str(k): v for k, v in catalogue.items() if k and v}


def _wrong(french, pattern):
    return {k: v for k, v in french.items() if re.search(pattern, v)}


def test_apostrophes_are_typographic(french):
    assert _wrong(french, r"\w'\w") == {}


def test_high_punctuation_has_its_narrow_no_break_space(french):
    assert _wrong(french, r"(?<=\S)[:;!?](\s|$)(?<!https:)") == {}  # glued to the word
    assert _wrong(french, r" [:;!?]") == {}  # a plain space the line may break at
    assert _wrong(french, r" €") == {}  # an amount and its currency stay on one line


def test_no_epoch_and_no_gendered_knock_out_of_a_player(french):
    assert _wrong(french, r"(?i)époque") == {}
    # "éliminé" may describe what someone did ("X a éliminé Y"), never what a player is.
    assert _wrong(french, r"(?i)(?<!a )élimin(é|ée|és|ées)\b") == {}
    assert _wrong(french, r"(?i)\b(vous êtes|est) (éliminée?|qualifiée?|inscrite?|connectée?)\b") == {}


def test_one_abbreviation_of_the_big_blind_in_french(french):
    abbreviations = {m for v in french.values() for m in re.findall(r"\b(BB|GB)\b", v)}
    assert abbreviations == {"GB"}


def test_places_are_ordinals(french):
    assert french["1st place"] == "1re place" and french["%(n)sth place"] == "%(n)se place"
    assert _wrong(french, r"\d(ème|eme|è)\b") == {}
