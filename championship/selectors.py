"""Reads for the championship pages."""

from django.db.models import QuerySet

from .models import Member


def member_list() -> QuerySet[Member]:
    return Member.objects.select_related("user")
