"""A device's subscription as its page posts it (the browser's ``PushSubscription.toJSON()``)."""

from __future__ import annotations

import base64
import binascii
import ipaddress
from urllib.parse import urlsplit

from django import forms
from django.utils.translation import gettext_lazy as _


def _b64url(value: str) -> bytes | None:
    try:
        return base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        return None


class SubscriptionForm(forms.Form):
    endpoint = forms.URLField(max_length=1000, assume_scheme="https")
    p256dh = forms.CharField(max_length=100)
    auth = forms.CharField(max_length=40)

    def clean_endpoint(self) -> str:
        """A push service on the internet, over HTTPS: the server posts to this address, so it may
        not be one of the server's own neighbours (an address of the machine or its network)."""
        endpoint = self.cleaned_data["endpoint"]
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        try:
            local = not ipaddress.ip_address(host).is_global
        except ValueError:
            local = host == "localhost" or host.endswith((".localhost", ".local", ".internal"))
        if parts.scheme != "https" or local:
            raise forms.ValidationError(_("This is not the address of a push service."))
        return endpoint

    def clean_p256dh(self) -> str:
        key = _b64url(self.cleaned_data["p256dh"])
        if key is None or len(key) != 65 or key[0] != 4:
            raise forms.ValidationError(_("The device's key is not a P-256 public key."))
        return self.cleaned_data["p256dh"]

    def clean_auth(self) -> str:
        secret = _b64url(self.cleaned_data["auth"])
        if secret is None or len(secret) != 16:
            raise forms.ValidationError(_("The device's secret is not 16 bytes."))
        return self.cleaned_data["auth"]
