"""The words the table's script shows, translated on the server (the page embeds them as JSON)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def _replay_words() -> dict[str, str]:
    """The replay's stepper, the same on every game's page."""
    return {
        "step": _("Step %(k)s of %(n)s"),
        "play": _("Play"),
        "pause": _("Pause"),
        "street_preflop": _("Preflop"),
        "street_flop": _("Flop"),
        "street_turn": _("Turn"),
        "street_river": _("River"),
        "street_third": _("3rd street"),
        "street_fourth": _("4th street"),
        "street_fifth": _("5th street"),
        "street_sixth": _("6th street"),
        "street_seventh": _("7th street"),
        "street_result": _("Result"),
    }


def table_catalogue() -> dict[str, str]:
    return {
        "fold": _("Fold"),
        "check": _("Check"),
        "call": _("Call %(amount)s"),
        "bet": _("Bet %(amount)s"),
        "raise": _("Raise to %(amount)s"),
        "all_in": _("All-in"),
        "min": _("Min"),
        "half_pot": _("½ pot"),
        "pot": _("Pot"),
        "sit_here": _("Sit here"),
        "your_turn": _("Your turn"),
        "turn_of": _("%(name)s to act"),
        "waiting": _("Waiting for players"),
        "paused": _("The table is paused"),
        "finished": _("The table is finished"),
        "spectator": _("You are watching this table."),
        "pot_label": _("Pot: %(amount)s"),
        "main_pot": _("Main pot"),
        "side_pot": _("Side pot %(n)s"),
        # A pot's winner, or the winners of a split pot (equal hands); %(hand)s is said in the middle
        # of the sentence, "with a pair of tens, king kicker".
        "wins": _("%(name)s wins %(amount)s"),
        "win_with": _("%(name)s wins %(amount)s with %(hand)s"),
        "split": _("%(names)s split %(amount)s"),
        "split_with": _("%(names)s split %(amount)s with %(hand)s"),
        "pot_result": _("%(pot)s: %(result)s"),
        "hand_number": _("Hand #%(n)s"),
        "blinds": _("Blinds %(sb)s/%(bb)s"),
        "ante": _("ante %(ante)s"),
        "in_bb": _("%(n)s BB"),
        "sitting_out": _("Away"),
        "leaving": _("Leaving"),
        "disconnected": _("Disconnected"),
        "time_bank": _("Time bank"),
        "connection_lost": _("Connection lost — reconnecting…"),
        "away_told": _("Away: the table checks or folds for you until you are back."),
        "lost_turn": _("Time ran out while offline: the table checked or folded for you."),
        "log_small_blind": _("%(name)s posts the small blind %(amount)s"),
        "log_big_blind": _("%(name)s posts the big blind %(amount)s"),
        "log_fold": _("%(name)s folds"),
        "log_check": _("%(name)s checks"),
        "log_call": _("%(name)s calls %(amount)s"),
        "log_bet": _("%(name)s bets %(amount)s"),
        "log_raise": _("%(name)s raises to %(total)s"),
        "log_uncalled_bet_returned": _("%(amount)s returned to %(name)s"),
        "log_flop": _("Flop: %(cards)s"),
        "log_turn": _("Turn: %(cards)s"),
        "log_river": _("River: %(cards)s"),
        "log_show": _("%(name)s shows %(cards)s"),
        "log_show_hand": _("%(name)s shows %(cards)s: %(hand)s"),
        "log_all_in": _(" (all-in)"),
        # A seat's last action, shown on it as a state ("Couché"), not as the button's verb.
        "act_fold": pgettext("seat state", "Fold"),
        "act_check": pgettext("seat state", "Check"),
        "act_call": pgettext("seat state", "Call"),
        "act_bet": pgettext("seat state", "Bet"),
        "act_raise": pgettext("seat state", "Raise"),
        "act_small_blind": _("SB"),
        "act_big_blind": _("BB"),
        **_replay_words(),
        "bring_in": _("Bring-in %(amount)s"),
        "complete": _("Complete to %(amount)s"),
        "stakes_razz": _("Razz: ante %(ante)s, bring-in %(bring_in)s, bets %(small)s/%(big)s"),
        "log_bring_in": _("%(name)s brings in for %(amount)s"),
        "log_complete": _("%(name)s completes to %(total)s"),
        "log_seventh": _("Community card: %(cards)s"),
        "act_bring_in": _("Bring-in"),
        "act_complete": _("Complete"),
        "sound_on": _("Sound on"),
        "sound_off": _("Sound off"),
        "notify_off": _("Notify me of my turn"),
        "notify_on": _("Turn alerts on"),
        "notify_blocked": _("Notifications blocked"),
    }


def evening_catalogue() -> dict[str, str]:
    """The words of the online evening's panels at a table (static/js/table_evening.js)."""
    return {
        "get_ready_text": _(
            "The first hand is dealt when every player has this page open, or at the end of the countdown."
        ),
        "get_ready_missing": _("Still on the way: %(names)s"),
    }


def draw_catalogue() -> dict[str, str]:
    """The words of the dealer-draw table's script (static/js/draw.js)."""
    return {
        "min": _("Min"),
        "x2": _("×2"),
        "x5": _("×5"),
        "max": _("Max"),
        "bet": _("Bet %(amount)s"),
        "place_bet": _("Place your bet"),
        "your_bet": _("Your bet: %(amount)s"),
        "waiting_bets": _("Waiting for the other bets"),
        "cannot_bet": _(
            "You have fewer chips than the minimum bet: leave the table or refill your bankroll."
        ),
        "stand_pat": _("Stand pat"),
        "exchange": _("Exchange %(n)s"),
        "tap_to_throw": _("Tap the cards to throw (0 to 3)"),
        "hint_throw": _("Best draw: throw %(cards)s (average result %(expected)s × the bet)"),
        "hint_stand": _("Best draw: stand pat (average result %(expected)s × the bet)"),
        "your_draw": _("Your turn to draw"),
        "draw_of": _("%(name)s is drawing"),
        "dealer": _("Dealer"),
        "drew": _("Drew %(n)s"),
        "stood_pat": _("Stood pat"),
        "push": _("Push"),
        "won": _("Won %(amount)s"),
        "lost": _("Lost %(amount)s"),
        "bet_label": _("Bet: %(amount)s"),
        "limits": _("Bets %(min)s to %(max)s"),
        "one_deck": _("one deck"),
        "two_decks": _("two decks"),
        "round_number": _("Round #%(n)s"),
        "bankroll": _("Practice bankroll: %(amount)s"),
        "take_seat": _("Take a seat"),
        "waiting": _("Waiting for players"),
        "paused": _("The table is paused"),
        "finished": _("The table is finished"),
        "spectator": _("You are watching this table."),
        "sitting_out": _("Away"),
        "leaving": _("Leaving"),
        "connection_lost": _("Connection lost — reconnecting…"),
        **_replay_words(),
        # The replay's stages of a round ("dealer" and "street_result" name the last two).
        "stage_deal": _("The deal"),
        "stage_draws": _("The draws"),
        "log_round_started": _("The cards are dealt"),
        "log_draw": _("%(name)s exchanges %(count)s"),
        "log_stands_pat": _("%(name)s stands pat"),
        "log_new_cards": _("You get %(cards)s"),
        "log_reshuffle": _("The discards are shuffled back into the deck"),
        "log_dealer_draw": _("The dealer exchanges %(count)s"),
        "log_dealer_stands_pat": _("The dealer stands pat"),
        "log_dealer_shows": _("The dealer shows %(cards)s: %(hand)s"),
        "log_win": _("%(name)s wins %(amount)s (%(multiple)s × the bet)"),
        "log_push": _("%(name)s pushes: the bet is returned"),
        "log_lose": _("%(name)s loses %(amount)s"),
    }
