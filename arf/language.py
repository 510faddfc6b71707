"""The language of a page: French, unless the visitor chose English with the EN/FR switch.

Django's ``LocaleMiddleware`` would follow the browser's Accept-Language header; here the
championship speaks French whatever the phone's settings, and English is a choice the visitor
makes (``set_language`` stores it in the language cookie). The table's websocket reads the same
cookie (``poker.tables.consumer``).
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.cache import patch_vary_headers


def chosen_language(cookies: dict[str, str]) -> str:
    """The language chosen with the switch, else the site's (French)."""
    code = cookies.get(settings.LANGUAGE_COOKIE_NAME, "")
    return code if code in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


class ChosenLanguageMiddleware:
    def __init__(self, get_response) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        language = chosen_language(request.COOKIES)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        # The same address answers in either language, by the cookie: caches must keep both.
        patch_vary_headers(response, ("Cookie",))
        response.headers.setdefault("Content-Language", language)
        return response
