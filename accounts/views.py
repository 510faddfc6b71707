from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .forms import DisplayNameForm


@login_required
def profile(request: HttpRequest) -> HttpResponse:
    form = DisplayNameForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        form.instance.save(update_fields=["first_name"])
        messages.success(request, _("Your display name is saved."))
        return redirect("profile")
    return render(request, "accounts/profile.html", {"form": form})
