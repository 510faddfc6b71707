from django.utils.functional import SimpleLazyObject

from .selectors import evening_for


def evening(request):
    """Tonight's online session for the player, on every page (read only by pages that show it)."""
    return {"evening": SimpleLazyObject(lambda: evening_for(request.user))}
