from .roles import is_organizer


def roles(request):
    return {"is_organizer": is_organizer(request.user)}
