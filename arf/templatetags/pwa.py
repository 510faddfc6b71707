"""The installed app's part of every page's head: its manifest and the version of the files its
service worker keeps (arf/pwa.py)."""

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.html import format_html

from arf.pwa import assets_version

register = template.Library()


@register.simple_tag
def pwa_head() -> str:
    return format_html(
        '<link rel="manifest" href="{}"><link rel="apple-touch-icon" href="{}">'
        '<meta name="arf-assets" content="{}">',
        reverse("manifest"),
        static("img/icon-192.png"),
        assets_version(),
    )
