"""A new VAPID key pair for Web Push (RFC 8292), printed as the lines to put in the environment."""

import base64

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.core.management.base import BaseCommand


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


class Command(BaseCommand):
    help = "Makes a VAPID key pair for Web Push and prints the environment lines (docs/push.md)."

    def handle(self, *args, **options) -> None:
        key = ec.generate_private_key(ec.SECP256R1())
        private = key.private_numbers().private_value.to_bytes(32, "big")
        public = key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        self.stdout.write(f"WEBPUSH_VAPID_PUBLIC_KEY={_b64url(public)}")
        self.stdout.write(f"WEBPUSH_VAPID_PRIVATE_KEY={_b64url(private)}")
        self.stdout.write("WEBPUSH_SUBJECT=mailto:you@example.org")
        self.stderr.write(
            "Keep the private key secret. Changing the pair later makes every device subscribe again."
        )
