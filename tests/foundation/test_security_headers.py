"""The headers every page carries: the content security policy (django-csp), Referrer-Policy,
Permissions-Policy and X-Content-Type-Options. The browser test (tests/e2e/
test_content_security_policy.py) checks that no page breaks the policy."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_a_page_allows_only_its_own_scripts_styles_and_websocket(client):
    response = client.get(reverse("login"), HTTP_HOST="localhost")
    policy = dict(
        (part.split()[0], part.split()[1:]) for part in response["Content-Security-Policy"].split("; ")
    )
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["connect-src"] == ["'self'", "ws://localhost", "wss://localhost"]
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]
    assert "'unsafe-eval'" not in response["Content-Security-Policy"]
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert (
        "camera=()" in response["Permissions-Policy"] and "geolocation=()" in response["Permissions-Policy"]
    )


def test_a_foreign_host_gets_its_400_without_a_crash(client):
    response = client.get(reverse("login"), HTTP_HOST="evil.example")
    assert response.status_code == 400


def test_htmx_is_told_not_to_need_inline_styles_or_eval(client):
    html = client.get(reverse("login"), HTTP_HOST="localhost").content.decode()
    assert '"includeIndicatorStyles": false' in html and '"allowEval": false' in html
