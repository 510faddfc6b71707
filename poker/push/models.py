from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Subscription(models.Model):
    """One device of one player that accepts push messages: what its browser's ``PushManager`` gave
    (the push service's endpoint, the device's public key and auth secret, RFC 8291). An endpoint
    belongs to one device: subscribing again from it under another login moves it to that user."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=100)  # base64url, the device's P-256 public key (65 bytes)
    auth = models.CharField(max_length=40)  # base64url, its 16-byte auth secret
    language = models.CharField(max_length=8, default="fr")  # the page's language when he said yes
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at"]
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.user} – {self.endpoint[:60]}"

    def info(self) -> dict:
        """As pywebpush takes it (the browser's ``PushSubscription.toJSON()``)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
