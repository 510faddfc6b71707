from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from .roles import is_organizer


def organizer_required(view):
    """Anonymous visitors go to the login page; players get 403."""

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not is_organizer(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper
