"""The installed app's server side: its manifest, its service worker at the root of the site with
the versioned files it keeps, the offline page; and a table page that links its files once the
service worker holds them (the browser's side: tests/e2e/test_installed_app.py)."""

import json

import pytest
from django.urls import reverse

from arf import pwa

pytestmark = pytest.mark.django_db


def test_the_manifest_names_the_app_in_french_with_its_icons(client):
    response = client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Championnat de poker ARF" and manifest["short_name"] == "ARF"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == manifest["background_color"] == "#0b5d3b"
    icons = {(i["sizes"], i["purpose"]) for i in manifest["icons"]}
    assert icons == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200
    assert 'rel="manifest" href="/manifest.webmanifest"' in client.get("/").content.decode()


def test_the_service_worker_covers_the_site_and_keeps_only_static_files_and_the_offline_page(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"  # a new version is seen at the next navigation
    assert response["Service-Worker-Allowed"] == "/"
    config = json.loads(response.content.decode().split("\n", 1)[0].removeprefix("self.ARF_CACHE = ")[:-1])
    assert config["version"] == pwa.assets_version()
    assert all(url.startswith("/static/") for url in config["files"])
    assert "/static/js/table.js" in config["files"] and "/static/css/app.css" in config["files"]
    assert config["offline"] == reverse("offline")
    offline = client.get(reverse("offline")).content.decode()
    assert "Pas de connexion…" in offline and "Réessayer" in offline


def test_a_table_page_links_its_files_once_the_service_worker_holds_them(client):
    from poker import services
    from tests.factories import UserFactory

    hery = UserFactory()
    table = services.practice_table_open(user=hery, bots=2)
    client.force_login(hery)
    url = table.get_absolute_url()
    inlined = client.get(url).content.decode()
    assert '<script src="/static/js/table.js">' not in inlined and "<style nonce=" in inlined
    client.cookies[pwa.ASSETS_COOKIE] = "an-older-version"
    assert "<style nonce=" in client.get(url).content.decode()  # an old cache: the files are written in
    client.cookies[pwa.ASSETS_COOKIE] = pwa.assets_version()
    linked = client.get(url).content.decode()
    assert '<script src="/static/js/table.js"></script>' in linked
    assert '<link rel="stylesheet" href="/static/css/table.css">' in linked
    assert "<style nonce=" not in linked
    assert len(linked) < len(inlined) / 3


def test_every_page_shows_the_spade_as_its_favicon_and_favicon_ico_answers(client):
    from django.test import RequestFactory

    from arf.views import server_error
    from tests.factories import season_with_session

    _season, session = season_with_session()
    pages = {
        "home": client.get("/").content.decode(),
        "offline": client.get(reverse("offline")).content.decode(),
        "tv clock": client.get(reverse("session_tv", args=[session.pk])).content.decode(),
        "404": client.get("/nowhere/").content.decode(),
        "500": server_error(RequestFactory().get("/")).content.decode(),
    }
    for name, html in pages.items():
        assert 'rel="icon" href="/favicon.ico"' in html, name
        assert "img/favicon.svg" in html, name
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response["Content-Type"] == "image/x-icon"
    icon = response.content
    # An ICO: reserved 0, type 1, three images (16, 32 and 48 px), each a PNG.
    assert icon[:6] == b"\x00\x00\x01\x00\x03\x00"
    assert [icon[6 + 16 * i] for i in range(3)] == [16, 32, 48]
    assert icon.count(b"\x89PNG") == 3
