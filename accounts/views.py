from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import services
from .deck import deck_settings_of, deck_settings_save
from .decorators import organizer_required
from .forms import DeckSettingsForm, DisplayNameForm


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.instance.save(update_fields=["first_name"])
        messages.success(request, _("Your display name is saved."))
        return redirect("profile")
    deck = deck_settings_of(request.user)
    deck_form = DeckSettingsForm(initial={"four_colours": deck.four_colours, "big_cards": deck.big_cards})
    return render(request, "accounts/profile.html", {"form": form, "deck_form": deck_form})


@login_required
@require_POST
def profile_deck(request: HttpRequest) -> HttpResponse:
    """His card settings, used at every table and replay from the next page on."""
    form = DeckSettingsForm(request.POST)
    form.is_valid()  # two check boxes: always valid, unticked is off
    deck_settings_save(user=request.user, **form.cleaned_data)
    messages.success(request, _("Your card settings are saved."))
    return redirect("profile")


@organizer_required
def account_list(request: HttpRequest) -> HttpResponse:
    """Every account, the logins locked out now, and the way to unlock them or reset a password."""
    lockouts = services.lockouts()
    locked = {lock.username for lock in lockouts if lock.username}
    users = get_user_model().objects.order_by("username")
    return render(
        request,
        "accounts/account_list.html",
        {
            "accounts": [(user, user.get_username() in locked) for user in users],
            "lockouts": lockouts,
        },
    )


@organizer_required
@require_POST
def lockout_clear(request: HttpRequest) -> HttpResponse:
    username = request.POST.get("username", "").strip()
    ip_address = request.POST.get("ip_address", "").strip()
    try:
        services.lockout_clear(username=username, ip_address=ip_address)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(request, _("%(who)s can log in again.") % {"who": username or ip_address})
    return redirect("account_list")


@organizer_required
@require_POST
def password_reset_create(request: HttpRequest, pk: int) -> HttpResponse:
    user = get_object_or_404(get_user_model(), pk=pk, is_active=True)
    reset, token = services.password_reset_create(user=user, created_by=request.user)
    link = request.build_absolute_uri(reverse("password_reset_use", args=[token]))
    return render(
        request, "accounts/password_reset_link.html", {"account": user, "link": link, "reset": reset}
    )


def password_reset_use(request: HttpRequest, token: str) -> HttpResponse:
    reset = services.password_reset_find(token)
    if reset is None:
        return render(request, "accounts/password_reset_invalid.html", status=410)
    form = SetPasswordForm(reset.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.password_reset_use(token=token, password=form.cleaned_data["new_password1"])
        except ValidationError as error:
            form.add_error(None, error)
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(request, _("Your new password is saved; you are logged in."))
            return redirect("home")
    return render(request, "accounts/password_reset.html", {"form": form, "account": reset.user})


def locked_out(request: HttpRequest, *args: object) -> HttpResponse:
    """django-axes' answer to a login refused because of too many failures (AXES_LOCKOUT_CALLABLE)."""
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"cooloff_minutes": minutes}, status=429)
