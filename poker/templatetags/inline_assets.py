"""The live table pages' styles and scripts written into the page itself: ``{% inline_static
"js/table.js" %}``.

Why: on a phone's network every round trip is long (DevTools' fast 3G: 562 ms). With its files
apart, the table page is drawn after two of them, the page's then its files'; inlined, after the
page's alone (``bench/page.py``, fast 3G: a first visit 1.5 s before, 0.82 s inlined). A page that comes
back to the table downloads them again, gzipped with the page (``poker.pages.views``): about 24 KB.

Each is written with the response's nonce (django-csp): the policy still refuses any inline code
the page did not write itself. Once the installed app's service worker holds every static file of
this version (arf/pwa.py), they are linked instead: its cache draws them without a round trip, and the
page is the table's alone (``bench/page.py``'s second visit).
"""

from __future__ import annotations

import functools
from pathlib import Path

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import ImproperlyConfigured
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from arf.pwa import asset_links

register = template.Library()

TAGS = {".js": "script", ".css": "style"}


@register.simple_tag(takes_context=True)
def inline_static(context, path: str) -> str:
    tag = TAGS[Path(path).suffix]
    request = context["request"]
    if asset_links(request):
        if tag == "style":
            return format_html('<link rel="stylesheet" href="{}">', static(path))
        return format_html('<script src="{}"></script>', static(path))
    text = _read(path) if not settings.DEBUG else _read.__wrapped__(path)  # DEBUG: the file as edited
    nonce = request.csp_nonce
    return format_html('<{} nonce="{}">{}</{}>', tag, nonce, mark_safe(text), tag)


@functools.cache
def _read(path: str) -> str:
    found = finders.find(path)
    if found is None:
        raise ImproperlyConfigured(f"no static file {path!r} to write into the page")
    text = Path(found).read_text(encoding="utf-8")
    # The element would end early, and the rest be read as the page's HTML.
    if f"</{TAGS[Path(path).suffix]}" in text.lower():
        raise ImproperlyConfigured(f"{path} holds its own closing tag: it cannot be written into a page")
    return text
