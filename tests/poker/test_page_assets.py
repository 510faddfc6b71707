"""The live table pages carry their own styles and scripts (poker/templatetags/inline_assets.py), so
that a phone draws the table after one round trip: each written with the response's nonce, which
the content security policy names, and the page sent gzipped. Other pages keep their files apart,
and their policy names no nonce."""

import gzip
import re

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.template import Context, Template
from django.test import RequestFactory
from django.urls import reverse

from poker import services
from poker.templatetags import inline_assets

pytestmark = pytest.mark.django_db


def nonce_of(response) -> str:
    policy = dict(
        (part.split()[0], part.split()[1:]) for part in response["Content-Security-Policy"].split("; ")
    )
    (nonce,) = {source for source in policy["script-src"] if source.startswith("'nonce-")}
    assert nonce in policy["style-src"] and "'unsafe-inline'" not in policy["script-src"]
    return nonce[len("'nonce-") : -1]


@pytest.mark.parametrize("game", ["holdem", "draw"])
def test_a_table_page_holds_its_styles_and_scripts_each_with_the_policys_nonce(client, players, game):
    hery = players[0]
    if game == "holdem":
        table = services.practice_table_open(user=hery, bots=2)
    else:
        table = services.draw_practice_open(user=hery)
    client.force_login(hery)
    response = client.get(table.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip", HTTP_HOST="localhost")
    assert response["Content-Encoding"] == "gzip"
    html = gzip.decompress(response.content).decode()
    nonce = nonce_of(response)
    # No file of the table's own to fetch before it is drawn: every style and script is in the page.
    assert '<link rel="stylesheet"' not in html
    assert not re.search(r'<script src="/static/js/(table|draw)', html)
    inline = re.findall(r"<(script|style)( [^>]*)?>", html)
    code = [(tag, attributes) for tag, attributes in inline if 'type="application/json"' not in attributes]
    assert len(code) >= 4  # app.css, table.css, table_common.js, the game's script
    assert all(attributes == f' nonce="{nonce}"' for _tag, attributes in code)
    assert "function viewStream(" in html  # table_common.js, as written in static/js/


def test_another_page_keeps_its_files_apart_and_its_policy_names_no_nonce(client):
    response = client.get(reverse("login"), HTTP_HOST="localhost")
    assert '<link rel="stylesheet" href="/static/css/app' in response.content.decode()
    assert "nonce-" not in response["Content-Security-Policy"]


def test_a_file_that_would_end_its_element_early_is_refused(tmp_path, settings):
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "bad.js").write_text('document.write("</script><script>alert(1)");')
    settings.STATICFILES_DIRS = [tmp_path]
    settings.DEBUG = False
    inline_assets._read.cache_clear()
    request = RequestFactory().get("/")
    request.csp_nonce = "n"
    try:
        with pytest.raises(ImproperlyConfigured, match="closing tag"):
            Template('{% load inline_assets %}{% inline_static "js/bad.js" %}').render(
                Context({"request": request})
            )
    finally:
        inline_assets._read.cache_clear()
