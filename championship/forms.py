from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UsernameField
from django.utils.translation import gettext_lazy as _

from .models import Member
from .numbers import number

# Bounds of every whole number a form accepts: beyond them a database refuses the value (or Python
# cannot hand it to SQLite) and the page would crash instead of saying what is wrong.
MAX_ID = 2**63 - 1  # BigAutoField keys, on every backend
MAX_CHIPS = 1_000_000_000  # stacks and blinds (the chip columns are 32-bit integers)
MAX_POINTS = 100_000
MAX_TABLE = 99


def bounded_int(raw: str, *, low: int, high: int, message: str) -> int:
    """A whole number typed by a user (spaces allowed: "25 000"), within [low, high]."""
    try:
        value = int(str(raw).replace(" ", "").replace("\u202f", "").replace("\xa0", ""))
    except ValueError as error:
        raise forms.ValidationError(message) from error
    if not low <= value <= high:
        raise forms.ValidationError(message)
    return value


class BoundedModelMultipleChoiceField(forms.ModelMultipleChoiceField):
    """Refuses keys no row can have before querying (`pk__in` overflows SQLite with a huge one)."""

    def _check_values(self, value):
        for pk in value:
            try:
                bounded_int(pk, low=1, high=MAX_ID, message="")
            except forms.ValidationError as error:
                raise forms.ValidationError(
                    self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": pk}
                ) from error
        return super()._check_values(value)


def _squash(value: str) -> str:
    return " ".join(value.split())


class MemberForm(forms.Form):
    """A plain form: uniqueness of the nickname is the service's rule, said in the user's words."""

    full_name = forms.CharField(label=_("Full name"), max_length=120)
    nickname = forms.CharField(label=_("Nickname"), max_length=40)
    branch = forms.CharField(label=_("Family branch"), max_length=80, required=False)
    eligible = forms.BooleanField(
        label=_("Eligible"),
        required=False,
        help_text=_("A descendant of Rainizafimanga, who may enter sessions."),
    )

    @classmethod
    def for_member(cls, data, member: Member | None) -> "MemberForm":
        initial = {"eligible": True}
        if member is not None:
            initial = {
                name: getattr(member, name) for name in ("full_name", "nickname", "branch", "eligible")
            }
        return cls(data, initial=initial)

    def clean_full_name(self) -> str:
        return _squash(self.cleaned_data["full_name"])

    def clean_nickname(self) -> str:
        return _squash(self.cleaned_data["nickname"])

    def clean_branch(self) -> str:
        return _squash(self.cleaned_data["branch"])


class InvitationAcceptForm(forms.Form):
    username = UsernameField(label=_("Username"), max_length=150)
    password1 = forms.CharField(label=_("Password"), strip=False, widget=forms.PasswordInput)
    password2 = forms.CharField(label=_("Password again"), strip=False, widget=forms.PasswordInput)

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if get_user_model().objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is already taken."))
        return username

    def clean(self):
        cleaned = super().clean()
        p1, p2 = cleaned.get("password1"), cleaned.get("password2")
        if p1 and p2 and p1 != p2:
            self.add_error("password2", _("The two passwords differ."))
        elif p1:
            user = get_user_model()(username=cleaned.get("username", ""))
            try:
                password_validation.validate_password(p1, user)
            except forms.ValidationError as error:
                self.add_error("password1", error)
        return cleaned


def _int_list(text: str) -> list[int]:
    return [int(x) for x in text.replace(";", ",").replace(" ", ",").split(",") if x.strip()]


def _too_big(values: list[int], high: int) -> bool:
    return any(v > high for v in values)


class SeasonForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=80)
    # An <input type=date> reads and sends ISO dates only, whatever the page's language.
    starts_on = forms.DateField(
        label=_("First session"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    sessions = forms.IntegerField(
        label=_("Sessions"), min_value=1, max_value=12, initial=6, help_text=_("One every two months.")
    )
    entry_fee = forms.DecimalField(label=_("Entry fee (EUR)"), max_digits=8, decimal_places=2, initial=1)
    starting_stack = forms.IntegerField(
        label=_("Starting stack"), min_value=1, max_value=10_000_000, initial=5000
    )
    points_scale = forms.CharField(
        label=_("Points by place"), initial="100, 80, 65, 50, 40, 30", help_text=_("1st, 2nd, 3rd, ...")
    )
    unplaced_points = forms.IntegerField(
        label=_("Points for the other round-2 players"), min_value=0, max_value=MAX_POINTS, initial=20
    )
    levels = forms.CharField(
        label=_("Blind levels"),
        widget=forms.Textarea(attrs={"rows": 8}),
        help_text=_("One level a line: small blind / big blind / ante."),
    )
    level_minutes = forms.IntegerField(label=_("Minutes per level"), min_value=1, max_value=240, initial=15)
    round2_reset_stacks = forms.BooleanField(
        label=_("Reset the stacks for round 2"), required=False, initial=True
    )
    action_seconds = forms.IntegerField(
        label=_("Seconds to act (online)"), min_value=5, max_value=600, initial=30
    )

    def __init__(self, *args, editing: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if editing:
            del self.fields["sessions"]

    @classmethod
    def initial_for(cls, season) -> dict:
        from . import rules

        if season is None:
            levels = rules.default_levels()
            return {"levels": "\n".join(f"{sb} / {bb} / {ante}" for sb, bb, ante in levels)}
        return {
            "name": season.name,
            "starts_on": season.starts_on,
            "entry_fee": season.entry_fee,
            "starting_stack": season.starting_stack,
            "points_scale": ", ".join(str(p) for p in season.points_scale),
            "unplaced_points": season.unplaced_points,
            "levels": "\n".join(f"{sb} / {bb} / {ante}" for sb, bb, ante in season.levels),
            "level_minutes": season.level_minutes,
            "round2_reset_stacks": season.round2_reset_stacks,
            "action_seconds": season.action_seconds,
        }

    def clean_name(self) -> str:
        return _squash(self.cleaned_data["name"])

    def clean_points_scale(self) -> list[int]:
        message = _("Write the points as whole numbers from 0 to %(max)s, separated by commas.") % {
            "max": number(MAX_POINTS)
        }
        try:
            points = _int_list(self.cleaned_data["points_scale"])
        except ValueError as error:
            raise forms.ValidationError(message) from error
        if _too_big(points, MAX_POINTS) or len(points) > 100:
            raise forms.ValidationError(message)
        return points

    def clean_levels(self) -> list[list[int]]:
        """Each error names its level (the blank lines not counted), as the rules' checks do."""
        from .rules import ante_for

        levels = []
        for line in self.cleaned_data["levels"].splitlines():
            if not line.strip():
                continue
            level = len(levels) + 1
            shape = _("Level %(level)s: write small blind / big blind / ante, for example 50 / 100 / 10.") % {
                "level": level
            }
            try:
                numbers = [int(x) for x in line.replace("/", " ").split()]
            except ValueError as error:
                raise forms.ValidationError(shape) from error
            if len(numbers) == 2:
                numbers.append(ante_for(numbers[1]))
            if len(numbers) != 3:
                raise forms.ValidationError(shape)
            if _too_big(numbers, MAX_CHIPS):
                raise forms.ValidationError(
                    _("Level %(level)s: blinds and antes are at most %(max)s.")
                    % {"level": level, "max": number(MAX_CHIPS)}
                )
            levels.append(numbers)
        if len(levels) > 100:
            raise forms.ValidationError(_("At most 100 blind levels."))
        return levels


class SessionForm(forms.Form):
    scheduled_at = forms.DateTimeField(
        label=_("Date and time"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    mode = forms.ChoiceField(label=_("Mode"), choices=())
    ready_seconds = forms.IntegerField(
        label=_("Online: get-ready countdown (seconds)"),
        help_text=_(
            "The first hand of each round waits until every player has opened his table, or this long."
        ),
        min_value=10,
        max_value=900,
        initial=120,
    )

    def __init__(self, *args, **kwargs):
        from .models import Session

        super().__init__(*args, **kwargs)
        self.fields["mode"].choices = Session.Mode.choices


class RegisterForm(forms.Form):
    members = BoundedModelMultipleChoiceField(
        label=_("Members to register"), queryset=Member.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, session, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["members"].queryset = Member.objects.filter(eligible=True).exclude(
            registrations__session=session
        )


class FeeForm(forms.Form):
    fee = forms.DecimalField(label=_("Amount (EUR)"), max_digits=8, decimal_places=2)
    paid = forms.BooleanField(label=_("Paid"), required=False)
    method = forms.ChoiceField(label=_("Paid by"), required=False, choices=())

    def __init__(self, *args, **kwargs):
        from .models import Registration

        super().__init__(*args, **kwargs)
        self.fields["method"].choices = [("", "—"), *Registration.Method.choices]


class ReasonForm(forms.Form):
    reason = forms.CharField(label=_("Why"), max_length=500)

    def clean_reason(self) -> str:
        return _squash(self.cleaned_data["reason"])


class ChipColourForm(forms.Form):
    colour = forms.CharField(label=_("Colour"), max_length=30)
    value = forms.IntegerField(
        label=_("Value"),
        min_value=1,
        max_value=MAX_CHIPS,
        required=False,
        help_text=_("Blank: the app proposes one."),
    )
    count = forms.IntegerField(label=_("How many"), min_value=1, max_value=100_000)

    def clean_colour(self) -> str:
        return _squash(self.cleaned_data["colour"])


class MergeForm(forms.Form):
    duplicate = forms.ModelChoiceField(
        label=_("Duplicate record to merge into this one"), queryset=Member.objects.none()
    )

    def __init__(self, *args, member: Member, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["duplicate"].queryset = Member.objects.exclude(pk=member.pk)
