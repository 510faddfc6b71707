"""The organizer's actions that cannot be taken back ask first, and say what they will do.

Each question is built here from what the action will touch (how many entrants, unpaid, tables...).
The page shows it twice over: with JavaScript, the action's form opens it in a <dialog>
(static/js/confirm.js) and is sent with ``confirm=yes`` only from the dialog's button; without
JavaScript, or for a form sent without ``confirm``, the server answers with the question as a page
(``ask``) whose button sends the same fields again with ``confirm=yes``. So one click never acts:
a POST without ``confirm=yes`` changes nothing. A second click on the confirmed button is refused by
the service itself (its session row locked, its state already changed: "already started").
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import rules
from .models import Member, Registration, Session

FIELD = "confirm"
YES = "yes"


@dataclass
class Question:
    title: str
    lines: list[str]
    button: str
    cancel_url: str
    danger: bool = True
    undo: str = ""  # how to take it back, when it can be
    fields: list[tuple[str, str]] = field(default_factory=list)  # the form's own fields, sent again


def confirmed(request: HttpRequest) -> bool:
    return request.POST.get(FIELD) == YES


def ask(request: HttpRequest, question: Question) -> HttpResponse:
    """The question as a page (or, for an htmx form sent without ``confirm``, in place of the live
    block): its form sends the same fields again, with ``confirm=yes``."""
    question.fields = [
        (name, value)
        for name, values in request.POST.lists()
        if name not in ("csrfmiddlewaretoken", FIELD)
        for value in values
    ]
    context = {"question": question, "action": request.path}
    if request.htmx:
        return render(request, "championship/partials/question_live.html", context)
    return render(request, "championship/question.html", context)


def _tables(players: int) -> str:
    count = len(rules.table_sizes(players))
    return ngettext("%(count)s table", "%(count)s tables", count) % {"count": count}


def session_start(session: Session, registrations: list[Registration]) -> Question:
    entrants = len(registrations)
    unpaid = sum(1 for r in registrations if not r.paid and r.may_be_seated)
    blocked = [r.member.nickname for r in registrations if not r.may_be_seated]
    figures = [ngettext("%(count)s entrant", "%(count)s entrants", entrants) % {"count": entrants}]
    if unpaid:
        figures.append(
            ngettext("%(count)s unpaid, allowed to play", "%(count)s unpaid, allowed to play", unpaid)
            % {"count": unpaid}
        )
    figures.append(_tables(entrants))
    lines = [" · ".join(figures)]
    if blocked:
        lines.append(
            _("Not paid: %(names)s. The start will be refused until their fees are recorded.")
            % {"names": ", ".join(blocked)}
        )
    lines.append(_("The round-1 seats are drawn at once and shown to everybody; registrations close."))
    if session.mode == Session.Mode.ONLINE:
        lines.append(_("The online tables open; each deals when its players are there."))
    lines.append(_("This cannot be undone."))
    return Question(
        title=_("Start session %(number)s?") % {"number": session.number},
        lines=lines,
        button=_("Start and draw the seats"),
        cancel_url=session.get_absolute_url(),
    )


def round2_draw(session: Session, qualifiers: int) -> Question:
    figures = ngettext("%(count)s qualifier", "%(count)s qualifiers", qualifiers) % {"count": qualifiers}
    return Question(
        title=_("Draw round 2?"),
        lines=[
            f"{figures} · {_tables(qualifiers)}",
            _("The round-2 seats are drawn at once and shown to everybody."),
            _("This cannot be undone."),
        ],
        button=_("Draw round 2"),
        cancel_url=session.get_absolute_url(),
    )


def session_close(session: Session) -> Question:
    return Question(
        title=_("Close session %(number)s?") % {"number": session.number},
        lines=[
            _("Its results become final and count in the season's standings."),
            _("No knock-out of it can be undone any more."),
            _("This cannot be undone."),
        ],
        button=_("Close the session"),
        cancel_url=session.get_absolute_url(),
    )


def moves_apply(session: Session, waiting: int) -> Question:
    return Question(
        title=_("Apply the waiting moves?"),
        lines=[
            ngettext(
                "%(count)s player changes tables now, at a table between two hands.",
                "%(count)s players change tables now, at tables between two hands.",
                waiting,
            )
            % {"count": waiting},
            _("This cannot be undone."),
        ],
        button=_("Apply the moves"),
        cancel_url=session.get_absolute_url(),
    )


def tables_pause(session: Session, tables: int) -> Question:
    return Question(
        title=_("Pause every table?"),
        lines=[
            ngettext(
                "%(count)s table deals no new hand once its hand in play is over, and the clock stops.",
                "%(count)s tables deal no new hand once their hands in play are over, and the clock stops.",
                tables,
            )
            % {"count": tables},
        ],
        undo=_("“Resume every table” deals again."),
        button=_("Pause every table"),
        cancel_url=session.get_absolute_url(),
        danger=False,
    )


def registration_withdraw(registration: Registration, session: Session, next_url: str = "") -> Question:
    """A player withdrawing himself after paying: only then does it ask."""
    return Question(
        title=_("Withdraw from session %(number)s?") % {"number": session.number},
        lines=[
            _(
                "Your fee of %(fee)s € is recorded as paid: the organizer gives it back, and if you "
                "register again you owe it again."
            )
            % {"fee": formats.number_format(registration.fee, 2)},
        ],
        button=_("Withdraw"),
        cancel_url=next_url or session.get_absolute_url(),
    )


def member_merge(keep: Member, duplicate: Member) -> Question:
    """The duplicate is chosen in the form: the question is a page, with or without JavaScript."""
    registrations = duplicate.registrations.count()
    results = duplicate.results.count()
    names = {"duplicate": duplicate.nickname, "member": keep.nickname}
    return Question(
        title=_("Merge %(duplicate)s into %(member)s?") % names,
        lines=[
            ngettext(
                "%(count)s registration of %(duplicate)s moves to %(member)s",
                "%(count)s registrations of %(duplicate)s move to %(member)s",
                registrations,
            )
            % {"count": registrations, **names}
            + " · "
            + ngettext("%(count)s result", "%(count)s results", results) % {"count": results},
            _("The record of %(duplicate)s is deleted.") % names,
            _("This cannot be undone."),
        ],
        button=_("Merge"),
        cancel_url=reverse("member_edit", args=[keep.pk]),
    )


def registration_delete(registration: Registration) -> Question:
    """Only a paid registration asks: its fee's record goes with it."""
    return Question(
        title=_("Unregister %(name)s?") % {"name": registration.member.nickname},
        lines=[
            _("The fee of %(fee)s € paid (%(method)s) is no longer recorded: give it back.")
            % {
                "fee": formats.number_format(registration.fee, 2),
                "method": registration.get_method_display(),
            },
            _("This cannot be undone: registering again records the fee as unpaid."),
        ],
        button=_("Unregister"),
        cancel_url=reverse("session_registrations", args=[registration.session_id]),
    )
