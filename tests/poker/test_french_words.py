"""One French word per thing at the table: the log says what the buttons say ("Parole" and "parle",
never "checke"), the bring-in is "mise forcée", the dealer of draw against the dealer is the
"croupier" (never "donneur"), in the page's words, the table's forms and the text export."""

from django.utils import translation
from django.utils.translation import trans_real

from poker.engine import hand_history_text
from poker.models import Table
from poker.pages.catalogue import draw_catalogue, table_catalogue
from tests.engine.test_razz_history import NAMES, played_hand


def french_texts() -> list[str]:
    """Every French text of the compiled catalogue."""
    catalog = trans_real.translation("fr")._catalog
    return [text for _key, text in catalog.items() if isinstance(text, str)]


def test_the_log_says_the_word_of_the_check_button():
    with translation.override("fr"):
        words = table_catalogue()
    assert words["check"] == "Parole" and words["act_check"] == "Parole"
    assert words["log_check"] % {"name": "Hery"} == "Hery parle"


def test_no_french_text_says_checke_or_checker():
    assert not [text for text in french_texts() if "check" in text.lower()]


def test_the_bring_in_is_a_mise_forcee_everywhere_at_the_table():
    with translation.override("fr"):
        words = {**table_catalogue(), **draw_catalogue()}
    assert words["bring_in"] % {"amount": 10} == "Mise forcée 10"
    assert "mise forcée" in words["stakes_razz"] and "mise forcée" in words["log_bring_in"]
    assert not [text for text in french_texts() if "bring-in" in text.lower()]
    text = hand_history_text(played_hand().events, NAMES, lang="fr")
    assert "bring-in" not in text.lower() and "Hery : paie la mise forcée 10" in text
    assert "Voahangy : parle" in text.splitlines() and "checke" not in text


def test_the_dealer_is_the_croupier_never_the_donneur():
    assert not [text for text in french_texts() if "donneur" in text.lower()]
    with translation.override("fr"):
        assert str(Table.Variant.DEALER_DRAW.label) == "Poker 5 cartes contre le croupier"


def test_the_round_2_stack_reset_says_it_gives_the_starting_stack_again():
    """ "Remettre les tapis à zéro" read as "to zero chips": the setting gives the starting stack."""
    with translation.override("fr"):
        label = translation.gettext("Reset the stacks for round 2")
    assert "zéro" not in label and "tapis de départ" in label
