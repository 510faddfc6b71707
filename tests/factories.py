from datetime import date

import factory
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from accounts.roles import ORGANIZER_GROUP
from championship.models import Member

PASSWORD = "a-long-test-password-42"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    first_name = factory.LazyAttribute(lambda u: u.username.capitalize())
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class OrganizerFactory(UserFactory):
    username = factory.Sequence(lambda n: f"organizer{n}")

    @factory.post_generation
    def organizer_group(obj, create, extracted, **kwargs):
        if create:
            obj.groups.add(Group.objects.get(name=ORGANIZER_GROUP))


class MemberFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Member

    full_name = factory.Faker("name", locale="fr_FR")
    nickname = factory.Sequence(lambda n: f"Cousin{n}")
    branch = "Rakoto"
    eligible = True


def season_with_session(
    *,
    players: int = 0,
    paid: bool = True,
    name: str = "Saison 2026",
    starts_on: date = date(2026, 1, 10),
    **settings,
):
    """A season (its default settings) and its first session, with `players` registered members."""
    from championship.services.registrations import fee_record, registration_create
    from championship.services.seasons import season_create

    season = season_create(name=name, starts_on=starts_on, sessions=6, **settings)
    session = season.sessions.get(number=1)
    for _ in range(players):
        registration = registration_create(session=session, member=MemberFactory(), by=None)
        if paid:
            fee_record(registration=registration, amount=registration.fee, paid=True, method="cash")
    return season, session
