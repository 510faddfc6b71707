"""The installed web app: its manifest, its service worker and the page it shows offline.

The service worker (static/js/service_worker.js, served at /sw.js so that its scope is the whole
site) keeps the site's own static files, at their versioned URLs (whitenoise's hashed names in
production), and the offline page, and shows the push notifications (poker/push); it answers a
page's navigation from the network only, and the offline page when the network fails. It keeps
no page, private or not, no download, and never sees a socket.

A page that the service worker has all the files of comes back with its scripts and styles linked
instead of written in (``asset_links``): the phone draws them from its cache, without a round trip.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

# The site's own files the pages load, kept by the service worker (the admin's are not; nor the
# app's icons, which only the installation reads: 200 KB a phone need not fetch on a slow network).
CACHED_KINDS = (".css", ".js", ".svg")
CACHED_FOLDERS = ("css", "js", "img", "vendor")
# The cookie a page sets once the service worker holds the files of ``assets_version()``.
ASSETS_COOKIE = "arf_assets"
OFFLINE_URL = "/hors-ligne/"


def cached_files() -> list[str]:
    root = Path(settings.BASE_DIR) / "static"
    return sorted(
        path.relative_to(root).as_posix()
        for folder in CACHED_FOLDERS
        for path in (root / folder).rglob("*")
        if path.suffix in CACHED_KINDS and path.name != "service_worker.js"
    )


def _version() -> str:
    digest = hashlib.sha256()
    for name in cached_files():
        digest.update(name.encode())
        digest.update(Path(finders.find(name)).read_bytes())
    digest.update(OFFLINE_URL.encode())
    return digest.hexdigest()[:16]


_cached_version = functools.cache(_version)


def assets_version() -> str:
    """Changes with any cached file: a new service worker, a new cache, the old one dropped."""
    return _version() if settings.DEBUG else _cached_version()


def asset_links(request: HttpRequest) -> bool:
    """The page may link its files instead of writing them in: the service worker has them all."""
    return request.COOKIES.get(ASSETS_COOKIE) == assets_version()


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    data = {
        "name": _("ARF poker championship"),
        "short_name": "ARF",
        "description": _("The family's poker championship: the tables, the sessions, the standings."),
        "lang": "fr",
        "id": "/",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": "#0b5d3b",
        "background_color": "#0b5d3b",
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
    }
    return JsonResponse(
        data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    config = {
        "version": assets_version(),
        "files": [static(name) for name in cached_files()],
        "offline": OFFLINE_URL,
        "icon": static("img/icon-192.png"),  # a push notification's (poker/push)
    }
    text = Path(finders.find("js/service_worker.js")).read_text(encoding="utf-8")
    response = HttpResponse(
        f"self.ARF_CACHE = {json.dumps(config)};\n{text}", content_type="text/javascript; charset=utf-8"
    )
    # The browser asks again at each navigation: a new version is seen at once.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
def offline(request: HttpRequest) -> HttpResponse:
    """What a navigation shows without a network: kept by the service worker, with nothing of
    the visitor's in it (no name, no menu of his)."""
    response = render(request, "offline.html")
    response["Cache-Control"] = "no-store"
    return response


@functools.cache
def _favicon() -> bytes:
    return Path(finders.find("img/favicon.ico")).read_bytes()


@require_GET
def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico: browsers ask for it by themselves (a bookmark, a tab opened on a download),
    whatever the page links; the spade of static/img/favicon.svg (tools/draw_icons.py)."""
    response = HttpResponse(_favicon(), content_type="image/x-icon")
    response["Cache-Control"] = "public, max-age=604800"
    return response
