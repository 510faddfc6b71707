from django.contrib import messages
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.decorators import organizer_required

from .. import confirmations, selectors
from ..forms import InvitationAcceptForm, MemberForm
from ..models import Member
from ..services import members as services


@organizer_required
def member_list(request: HttpRequest) -> HttpResponse:
    return render(request, "championship/member_list.html", {"members": selectors.member_list()})


def _save_member(request: HttpRequest, form: MemberForm, member: Member | None) -> bool:
    """Runs the service; puts its refusals on the form. True when saved."""
    try:
        if member is None:
            services.member_create(**form.cleaned_data)
        else:
            changed = {name: form.cleaned_data[name] for name in form.changed_data}
            if changed:
                services.member_update(member=member, **changed)
    except ValidationError as error:
        for field, errors in error.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
        return False
    return True


@organizer_required
def member_create(request: HttpRequest) -> HttpResponse:
    form = MemberForm.for_member(request.POST or None, None)
    if request.method == "POST" and form.is_valid() and _save_member(request, form, None):
        messages.success(
            request, _("%(name)s is added to the members.") % {"name": form.cleaned_data["nickname"]}
        )
        return redirect("member_list")
    return render(request, "championship/member_form.html", {"form": form, "member": None})


@organizer_required
def member_edit(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk)
    form = MemberForm.for_member(request.POST or None, member)
    if request.method == "POST" and form.is_valid() and _save_member(request, form, member):
        messages.success(request, _("%(name)s is saved.") % {"name": member.nickname})
        return redirect("member_list")
    return render(request, "championship/member_form.html", {"form": form, "member": member})


@organizer_required
@require_POST
def member_invite(request: HttpRequest, pk: int) -> HttpResponse:
    member = get_object_or_404(Member, pk=pk)
    try:
        invitation, token = services.invitation_create(member=member, created_by=request.user)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("member_list")
    link = request.build_absolute_uri(reverse("invitation_accept", args=[token]))
    return render(
        request,
        "championship/member_invitation.html",
        {"member": member, "link": link, "invitation": invitation},
    )


def invitation_accept(request: HttpRequest, token: str) -> HttpResponse:
    invitation = services.invitation_find(token)
    if invitation is None:
        return render(request, "championship/invitation_invalid.html", status=410)
    form = InvitationAcceptForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.invitation_accept(
                token=token, username=form.cleaned_data["username"], password=form.cleaned_data["password1"]
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request, _("Welcome, %(name)s! Your account is ready.") % {"name": user.first_name}
            )
            return redirect("home")
    return render(request, "championship/invitation_accept.html", {"form": form, "member": invitation.member})


@organizer_required
def member_merge(request: HttpRequest, pk: int) -> HttpResponse:
    from ..forms import MergeForm

    member = get_object_or_404(Member, pk=pk)
    form = MergeForm(request.POST or None, member=member)
    if request.method == "POST" and form.is_valid():
        duplicate = form.cleaned_data["duplicate"]
        if not confirmations.confirmed(request):
            return confirmations.ask(request, confirmations.member_merge(member, duplicate))
        try:
            services.member_merge(keep=member, duplicate=duplicate, by=request.user)
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(
                request,
                _("%(duplicate)s is merged into %(member)s: all the history is kept.")
                % {"duplicate": duplicate.nickname, "member": member.nickname},
            )
            return redirect("member_edit", member.pk)
    return render(request, "championship/member_merge.html", {"form": form, "member": member})
