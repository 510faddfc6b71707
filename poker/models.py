"""The tables: settings and live status, seats, hands and their numbered events, knock-outs.

The database holds the truth. A table's row is the lock every change takes (``poker.tables``,
the only code that writes these rows: a process keeps what it saved, valid at the table's ``seq``);
the current hand's engine state is stored on its ``Hand`` row after every action, so any process
can carry on any table, and a restarted process picks up where the last one stopped.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from .engine import fairness
from .engine.button import MAX_SEATS
from .titles import with_titles

__all__ = [
    "BANKROLL_START",
    "MAX_SEATS",
    "Bankroll",
    "ChatMessage",
    "FairnessEpoch",
    "Hand",
    "HandEvent",
    "KnockOut",
    "Seat",
    "SeatConnection",
    "Table",
    "TableFairness",
    "VoiceMember",
]


class Table(models.Model):
    # The list of games is where a game is picked, so it names each one (as do the constraints on
    # each game's stakes below, which the database holds); everything else a game is lives in its
    # plug-in (poker/games/, found by this value through poker.tables.registry).
    class Variant(models.TextChoices):
        HOLDEM = "holdem", _("No-limit Hold'em")
        RAZZ = "razz", _("Razz")
        DEALER_DRAW = "dealer_draw", _("Five-card draw against the dealer")

    class Kind(models.TextChoices):
        CASH = "cash", _("Open table")
        TOURNAMENT = "tournament", _("Tournament table")
        PRACTICE = "practice", _("Practice against bots")

    class BotLevel(models.TextChoices):
        # The practice bots' strength (poker.engine.strategy, docs/practice.md).
        BEGINNER = "beginner", _("Beginner")
        REGULAR = "regular", _("Regular")
        STRONG = "strong", _("Strong")

    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        PAUSED = "paused", _("Paused")
        FINISHED = "finished", _("Finished")

    class DeadlineKind(models.TextChoices):
        ACTION = "action", _("Action time")
        TIME_BANK = "time_bank", _("Time bank")
        REVEAL = "reveal", _("All-in run-out")
        NEXT_HAND = "next_hand", _("Next hand")
        GET_READY = "get_ready", _("Get ready")  # a round's first hand waits for the players
        BETTING = "betting", _("Betting time")  # draw against the dealer: bets before the deal

    # Settings
    name = models.CharField(_("name"), max_length=80)
    variant = models.CharField(_("game"), max_length=20, choices=Variant, default=Variant.HOLDEM)
    kind = models.CharField(_("kind"), max_length=20, choices=Kind, default=Kind.CASH)
    max_seats = models.PositiveSmallIntegerField(_("seats"), default=MAX_SEATS)
    # The stakes, in the fields of the table's game (``Game.stakes``); the other games' fields are 0.
    # Hold'em: the blinds and the ante.
    small_blind = models.PositiveIntegerField(_("small blind"), default=10)
    big_blind = models.PositiveIntegerField(_("big blind"), default=20)
    ante = models.PositiveIntegerField(_("ante"), default=0)  # Hold'em and Razz
    # Razz: the bring-in and the small bet (twice the bring-in); the big bet is twice the small bet.
    bring_in = models.PositiveIntegerField(_("bring-in"), default=0)
    small_bet = models.PositiveIntegerField(_("small bet"), default=0)
    # Draw against the dealer: each round's bet goes from the minimum to the maximum.
    min_bet = models.PositiveIntegerField(_("minimum bet"), default=0)
    max_bet = models.PositiveIntegerField(_("maximum bet"), default=0)
    # "" uses the blinds above; "championship:<session>" asks the provider registered in poker.blinds.
    blind_provider = models.CharField(max_length=80, blank=True, default="")
    starting_stack = models.PositiveIntegerField(_("starting stack"), default=5000)
    # Draw against the dealer: 1 or 2 decks.
    decks = models.PositiveSmallIntegerField(_("decks"), default=1)
    action_seconds = models.PositiveIntegerField(_("action time (seconds)"), default=30)
    time_bank_seconds = models.PositiveIntegerField(_("time bank (seconds)"), default=0)
    stop_at_players = models.PositiveSmallIntegerField(default=1)
    chat_enabled = models.BooleanField(_("chat"), default=True)
    # Spectators may listen to the table's voice room (poker/voice, docs/voice.md); they never speak.
    voice_listeners = models.BooleanField(_("spectators hear the voice room"), default=False)
    # A practice table's bots play at this level.
    bot_level = models.CharField(_("bots' level"), max_length=10, choices=BotLevel, default=BotLevel.BEGINNER)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    # Live status, changed only by poker.services under the row lock
    status = models.CharField(max_length=20, choices=Status, default=Status.WAITING)
    hand = models.ForeignKey(
        "Hand",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("current hand"),
    )
    hands_dealt = models.PositiveIntegerField(default=0)
    # Positions for the dead-button rule (seat numbers; the button and small blind may be empty seats).
    button_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    small_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    big_blind_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    # The table's version: +1 for every stored event and every other change that is broadcast.
    seq = models.PositiveIntegerField(default=0)
    # What viewers are shown: below ``seq`` only while an all-in run-out is revealed street by street.
    visible_seq = models.PositiveIntegerField(default=0)
    # The decision pending: whose turn, since which seq (older answers are stale), and what he may do.
    actor_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    turn_seq = models.PositiveIntegerField(default=0)
    legal = models.JSONField(null=True, blank=True)
    deadline_at = models.DateTimeField(null=True, blank=True, db_index=True)
    deadline_kind = models.CharField(max_length=20, choices=DeadlineKind, blank=True, default="")
    pause_requested = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(max_seats__gte=2, max_seats__lte=MAX_SEATS), name="table_seats_2_to_8"
            ),
            # Each game's stakes as its engine accepts them (a tournament's clock too has a big
            # blind at least the small blind).
            models.CheckConstraint(
                condition=~models.Q(variant="holdem")
                | models.Q(big_blind__gte=models.F("small_blind"), big_blind__gt=0),
                name="table_holdem_big_blind_at_least_small_blind",
            ),
            models.CheckConstraint(
                condition=~models.Q(variant="razz")
                | models.Q(bring_in__gt=0, small_bet=models.F("bring_in") * 2),
                name="table_razz_small_bet_twice_the_bring_in",
            ),
            models.CheckConstraint(
                condition=~models.Q(variant="dealer_draw")
                | models.Q(min_bet__gt=0, max_bet__gte=models.F("min_bet")),
                name="table_draw_max_bet_at_least_min_bet",
            ),
            models.CheckConstraint(
                condition=models.Q(action_seconds__gte=1), name="table_action_time_positive"
            ),
            models.CheckConstraint(
                condition=models.Q(visible_seq__lte=models.F("seq")), name="table_visible_seq"
            ),
            models.CheckConstraint(condition=models.Q(decks__in=(1, 2)), name="table_decks_1_or_2"),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("poker:table", args=[self.pk])

    @property
    def title(self) -> str:
        """The name a reader sees, in his language (poker.titles); ``name`` is what it was given."""
        if getattr(self, "_title", (None, ""))[0] != get_language():
            with_titles([self])
        return self._title[1]

    @property
    def group_name(self) -> str:
        """The channel group of every viewer of this table (public view)."""
        return f"poker.table.{self.pk}"

    def user_group_name(self, user_id: int) -> str:
        """The channel group of one user's own connections to this table (his private view)."""
        return f"poker.table.{self.pk}.user.{user_id}"


class Seat(models.Model):
    class PreAction(models.TextChoices):
        NONE = "", _("None")
        CHECK_FOLD = "check_fold", _("Check/fold")
        CALL_ANY = "call_any", _("Call any")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="poker_seats")
    number = models.PositiveSmallIntegerField(_("seat"))
    # Chips at the start of the current hand (the hand's engine state holds them while it is played).
    stack = models.PositiveIntegerField(_("stack"))
    sitting_out = models.BooleanField(default=False)
    # Marked away (out of time) while no page of his was open: back by himself when one opens
    # (services.table_presence). Away with his page open, he stays away until he says he is back.
    away_unseen = models.BooleanField(default=False)
    away_since_hand = models.PositiveIntegerField(null=True, blank=True)  # the hand he went away in
    leaving = models.BooleanField(default=False)  # leaves when the current hand is over
    is_bot = models.BooleanField(default=False)
    time_bank = models.PositiveIntegerField(default=0)  # seconds left
    pre_action = models.CharField(max_length=20, choices=PreAction, blank=True, default="")
    # Draw against the dealer: the bet placed for the next round (0: none yet).
    round_bet = models.PositiveIntegerField(default=0)
    # Open table pages (websockets) of the seated player, over every process: "connected" when > 0.
    connections = models.PositiveSmallIntegerField(default=0)
    # Of those, the pages in sight (document.visibilityState "visible", as each page reports it):
    # his turn is pushed to his devices only when none is (poker/push).
    visible_pages = models.PositiveSmallIntegerField(default=0)
    offline_since = models.DateTimeField(null=True, blank=True)  # his last page closed (None: open)
    # A player moved to a running table: until then a missed decision folds him without marking him away.
    grace_until = models.DateTimeField(null=True, blank=True)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="seat_one_per_user_per_table"),
            models.UniqueConstraint(fields=["table", "number"], name="seat_number_unique_per_table"),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=MAX_SEATS), name="seat_number_1_to_8"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def go_away(self, *, hand_number: int, unseen: bool = False) -> None:
        """Answered for from now on (check or fold); ``unseen``: no page of his was open."""
        self.sitting_out = True
        self.away_unseen = unseen
        self.away_since_hand = hand_number
        self.pre_action = ""

    def come_back(self) -> None:
        self.sitting_out = False
        self.away_unseen = False
        self.away_since_hand = None


def new_seed_hex() -> str:
    return fairness.new_server_seed().hex()


class FairnessEpoch(models.Model):
    """One committed secret (docs/fairness.md): a championship session's, or up to 100 hands of a
    table outside a session. ``server_seed`` is secret until ``revealed_at``: never render it before."""

    class Kind(models.TextChoices):
        SESSION = "session", _("Championship session")
        TABLE = "table", _("Table")

    kind = models.CharField(max_length=10, choices=Kind, default=Kind.TABLE)
    server_seed = models.CharField(max_length=64, default=new_seed_hex, editable=False)
    commitment = models.CharField(max_length=64, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"epoch {self.pk} ({self.commitment[:12]})"

    def save(self, *args, **kwargs) -> None:
        self.commitment = fairness.commitment(bytes.fromhex(self.server_seed))
        super().save(*args, **kwargs)

    def get_absolute_url(self) -> str:
        return reverse("poker:fairness_verify", args=[self.pk])

    @classmethod
    def fresh(cls, kind: str) -> FairnessEpoch:
        """An unsaved epoch with its seed and commitment (for ``bulk_create``, which skips save)."""
        epoch = cls(kind=kind)
        epoch.commitment = fairness.commitment(bytes.fromhex(epoch.server_seed))
        return epoch

    @property
    def seed(self) -> bytes:
        return bytes.fromhex(self.server_seed)

    @property
    def revealed(self) -> bool:
        return self.revealed_at is not None


class TableFairness(models.Model):
    """A table's place in its epoch: the epoch its next hand uses, the players' contributions to
    the client seed (by seat, until the epoch's first hand here fixes it), and where it started."""

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="fairness")
    epoch = models.ForeignKey(FairnessEpoch, on_delete=models.PROTECT, related_name="+")
    # A table outside a session: the epoch after this one, committed during the epoch's last hand.
    next_epoch = models.ForeignKey(
        FairnessEpoch, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    contributions = models.JSONField(default=dict)  # {"seat number": text}, until seed_fixed
    client_seed = models.CharField(max_length=600, blank=True, default="")
    seed_fixed = models.BooleanField(default=False)  # the epoch's first hand here is dealt
    first_hand = models.PositiveIntegerField(default=0)  # the epoch's first hand number here
    # The first button's draw, for the record: {"epoch": id, "seats": [ascending], "button": player}.
    button_draw = models.JSONField(null=True, blank=True, default=None)

    def __str__(self) -> str:
        return f"{self.table} {self.epoch}"


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    started_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    # The stakes the hand was dealt at, in the fields of its game (as ``Table``'s; the others are 0).
    small_blind = models.PositiveIntegerField(default=0)
    big_blind = models.PositiveIntegerField(default=0)
    ante = models.PositiveIntegerField(default=0)
    bring_in = models.PositiveIntegerField(default=0)
    small_bet = models.PositiveIntegerField(default=0)
    min_bet = models.PositiveIntegerField(default=0)
    max_bet = models.PositiveIntegerField(default=0)
    button_seat = models.PositiveSmallIntegerField()
    # The players dealt in, in engine order (player index i): seat numbers, user ids, names, stacks.
    seats = models.JSONField()
    user_ids = models.JSONField()
    names = models.JSONField()
    starting_stacks = models.JSONField()
    # The epoch and the table's client seed its deck comes from (docs/fairness.md); none: a deck
    # given by a test.
    epoch = models.ForeignKey(
        FairnessEpoch, null=True, blank=True, on_delete=models.PROTECT, related_name="hands"
    )
    client_seed = models.CharField(max_length=600, blank=True, default="")
    # The engine's state (``to_dict()`` of the game's hand or round): the secret deck is in it,
    # never render it.
    state = models.JSONField()

    class Meta:
        ordering = ["-number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.table} #{self.number}"

    def player_of(self, user_id: int | None) -> int | None:
        """The engine index of this user in the hand, or None (spectator, or not dealt in)."""
        try:
            return self.user_ids.index(user_id)
        except ValueError:
            return None


class HandEvent(models.Model):
    """One event of a hand, numbered by the table's seq. ``private`` events belong to ``player`` only."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=30)
    player = models.PositiveSmallIntegerField(null=True, blank=True)  # engine index
    private = models.BooleanField(default=False)
    payload = models.JSONField()

    class Meta:
        ordering = ["seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="hand_event_seq_unique_per_table")
        ]

    def __str__(self) -> str:
        return f"{self.hand} {self.seq} {self.type}"


class SeatConnection(models.Model):
    """A player's table pages at one table came from this address and this browser, as keyed
    hashes (``poker.connections``): for the organizer's integrity page only, deleted with the table."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    address = models.CharField(max_length=32, blank=True)  # "" when the server did not know it
    browser = models.CharField(max_length=32, blank=True)  # "" when the browser sent no token
    first_seen = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "user", "address", "browser"], name="seat_connection_once"
            )
        ]

    def __str__(self) -> str:
        return f"{self.user_id} at {self.table_id}"


class KnockOut(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="knockouts")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    hand_number = models.PositiveIntegerField()
    stack_at_hand_start = models.PositiveIntegerField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand_number", "stack_at_hand_start", "pk"]
        constraints = [
            # A player is knocked out at most once per hand (an open table lets him sit down again).
            models.UniqueConstraint(fields=["table", "user", "hand_number"], name="knockout_once_per_hand")
        ]

    def __str__(self) -> str:
        return f"{self.user} out of {self.table} (hand {self.hand_number})"


class WebProcess(models.Model):
    """A web process serving table pages, alive while it beats (``poker.tables.pages``)."""

    key = models.CharField(max_length=100, unique=True)
    seen_at = models.DateTimeField()

    def __str__(self) -> str:
        return self.key


class OpenPages(models.Model):
    """The table pages one web process has open for one seated player: what ``Seat.connections``
    counts, taken back from it when the process is found dead (``poker.tables.pages``)."""

    process = models.CharField(max_length=100)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    pages = models.PositiveSmallIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["process", "table", "user"], name="open_pages_one_per_process_seat"
            )
        ]

    def __str__(self) -> str:
        return f"{self.process}: {self.pages} of table {self.table_id} for user {self.user_id}"


class ChatMessage(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_messages")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    text = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]

    def __str__(self) -> str:
        return self.text


BANKROLL_START = 10_000


class Bankroll(models.Model):
    """A player's practice chips for draw against the dealer: play money, never championship chips.

    Made with ``BANKROLL_START`` chips the first time it is used (``poker.games.dealer_draw.bankroll``).
    Sitting at a dealer-draw table moves a buy-in from here to the seat; leaving moves the seat's chips back.
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="poker_bankroll"
    )
    chips = models.PositiveIntegerField(_("chips"), default=BANKROLL_START)
    refills = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("practice bankroll")
        verbose_name_plural = _("practice bankrolls")

    def __str__(self) -> str:
        return f"{self.user}: {self.chips}"


from .voice.models import VoiceMember  # noqa: E402  (its room's own module, registered with these)
