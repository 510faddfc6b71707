"""The organizer's form in the session's live view: write, send to every table, see what was sent.
Answered with the form's block again (htmx) or, without JavaScript, the session page."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from accounts.decorators import organizer_required

from ..models import Session
from .models import MAX_LENGTH, Announcement
from .selectors import announcements_recent
from .services import announcement_send as send

PANEL = "championship/partials/announcements.html"


class AnnouncementForm(forms.Form):
    """The field as the page shows it; its rules are the service's (services.announcement_text_clean)."""

    text = forms.CharField(
        label=gettext_lazy("Announcement"),
        required=False,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": MAX_LENGTH, "required": True}),
    )


def announcements_panel(
    session: Session, *, form: AnnouncementForm | None = None, sent: Announcement | None = None
):
    """The block's context, for the session page and for this view's answer."""
    return {
        "session": session,
        "form": form or AnnouncementForm(),
        "announcements": announcements_recent(session),
        "sent": sent,
        "max_length": MAX_LENGTH,
    }


@organizer_required
@require_POST
def announcement_send(request: HttpRequest, pk: int) -> HttpResponse:
    session = get_object_or_404(Session, pk=pk)
    form = AnnouncementForm(request.POST)
    sent = None
    if form.is_valid():
        try:
            sent = send(session=session, text=form.cleaned_data["text"], by=request.user)
        except ValidationError as error:
            form.add_error("text", error)
    if request.htmx:
        return render(
            request, PANEL, {"panel": announcements_panel(session, form=None if sent else form, sent=sent)}
        )
    if sent:
        messages.success(request, _("Sent to every table and to the TV: “%(text)s”") % {"text": sent.text})
    else:
        messages.error(request, " ".join(form.errors.get("text", [])))
    return redirect("session_detail", session.pk)
