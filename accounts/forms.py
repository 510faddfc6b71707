from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _


class DisplayNameForm(forms.ModelForm):
    class Meta:
        model = get_user_model()
        fields = ["first_name"]
        labels = {"first_name": _("Display name")}
        help_texts = {"first_name": _("The name the other players see at the tables.")}

    def clean_first_name(self) -> str:
        name = " ".join(self.cleaned_data["first_name"].split())
        if not name:
            raise forms.ValidationError(_("Choose a name of at least one character."))
        return name


class DeckSettingsForm(forms.Form):
    four_colours = forms.BooleanField(
        label=_("Four-colour deck"),
        required=False,
        help_text=_("Spades black, hearts red, diamonds blue, clubs green: a flush seen at a glance."),
    )
    big_cards = forms.BooleanField(label=_("Bigger cards"), required=False)
