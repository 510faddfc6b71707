"""One notice to each device of its player, with pywebpush (RFC 8030, 8291, 8292).

Every failure is one log line: a push service that is down or slow, a message it refused. A
subscription the push service no longer knows (404 Not Found, 410 Gone: the player unsubscribed in
his browser, or it expired) is deleted, as the push services ask (RFC 8030: an expired
subscription answers 404 or 410).
"""

from __future__ import annotations

import logging
from urllib.parse import urlsplit

import requests
from django.conf import settings
from pywebpush import WebPushException, webpush

from .models import Subscription
from .notices import Notice

logger = logging.getLogger(__name__)

TIMEOUT = 10  # seconds: the push services answer in well under one
GONE = (404, 410)


def enabled() -> bool:
    return bool(settings.WEBPUSH_VAPID_PUBLIC_KEY and settings.WEBPUSH_VAPID_PRIVATE_KEY)


def send_notice(notice: Notice) -> int:
    """Sent to each of his devices; returns how many took it."""
    if not enabled():
        return 0
    subscriptions = list(Subscription.objects.filter(user_id=notice.user_id))
    if not subscriptions or not notice.still_due():
        return 0
    return sum(send_one(subscription, notice) for subscription in subscriptions)


def send_one(subscription: Subscription, notice: Notice) -> bool:
    service = urlsplit(subscription.endpoint).netloc
    try:
        webpush(
            subscription.info(),
            data=notice.payload(subscription.language),
            vapid_private_key=settings.WEBPUSH_VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.WEBPUSH_SUBJECT},
            ttl=notice.ttl,
            headers={"Urgency": notice.urgency},
            timeout=TIMEOUT,
        )
    except WebPushException as error:
        status = error.response.status_code if error.response is not None else None
        if status in GONE:
            Subscription.objects.filter(pk=subscription.pk).delete()
            logger.info(
                "push: %s answered %s, subscription %s of user %s deleted",
                service,
                status,
                subscription.pk,
                subscription.user_id,
            )
        else:
            logger.warning(
                "push: %s refused %s for user %s: %s",
                service,
                notice.kind,
                subscription.user_id,
                status or str(error).splitlines()[0],
            )
        return False
    except (requests.RequestException, ValueError) as error:  # unreachable, or keys it cannot use
        logger.warning(
            "push: %s unreachable for %s to user %s: %s",
            service,
            notice.kind,
            subscription.user_id,
            type(error).__name__,
        )
        return False
    return True
