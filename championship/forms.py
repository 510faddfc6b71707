from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import UsernameField
from django.utils.translation import gettext_lazy as _

from .models import Member


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
