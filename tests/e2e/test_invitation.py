"""The organizer creates a member and an invitation; the member creates his account from the link."""

from playwright.sync_api import expect

ORGANIZER_SETUP = """
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
user = get_user_model().objects.create_user("orga", password="orga-pass-2026", first_name="Orga")
user.groups.add(Group.objects.get(name="Organisateurs"))
"""


def test_an_invited_member_creates_his_account_in_french(app_server, browser, artifacts):
    app_server.shell(ORGANIZER_SETUP)
    organizer = browser.new_context(locale="fr-FR", viewport={"width": 390, "height": 844})
    page = organizer.new_page()
    errors = _console_errors(page)
    page.goto(app_server.url + "/compte/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("orga")
    page.get_by_label("Mot de passe").fill("orga-pass-2026")
    page.get_by_role("button", name="Connexion").click()
    page.get_by_role("link", name="Membres").click()
    page.get_by_role("link", name="Nouveau membre").click()
    page.get_by_label("Nom complet").fill("Tiana Andrianarisoa")
    page.get_by_label("Surnom").fill("Tiana")
    page.get_by_label("Branche de la famille").fill("Andriana")
    page.get_by_role("button", name="Enregistrer").click()
    expect(page.get_by_text("Tiana est ajouté aux membres.")).to_be_visible()
    page.get_by_role("button", name="Lien d’invitation").click()
    link = page.locator("#invitation-link").input_value()
    assert link.startswith(app_server.url + "/championnat/invitation/")
    page.screenshot(path=str(artifacts / "invitation-organizer.png"), full_page=True)

    # The member's phone is set to English: the championship still speaks French to him.
    member = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844})
    member_page = member.new_page()
    errors += _console_errors(member_page)
    member_page.goto(link)
    expect(member_page.get_by_role("heading", name="Bienvenue, Tiana")).to_be_visible()
    member_page.get_by_label("Nom d’utilisateur").fill("tiana")
    member_page.get_by_label("Mot de passe", exact=True).fill("soleil-de-tana-2026")
    member_page.get_by_label("Mot de passe (confirmation)").fill("soleil-de-tana-2026")
    member_page.get_by_role("button", name="Créer mon compte").click()
    expect(member_page.get_by_text("Bienvenue, Tiana\u202f! Votre compte est prêt.")).to_be_visible()
    expect(member_page.locator("html")).to_have_attribute("lang", "fr")
    expect(member_page.get_by_role("heading", name="Championnat de poker ARF")).to_be_visible()
    expect(member_page.get_by_role("link", name="Tiana")).to_be_visible()
    member_page.screenshot(path=str(artifacts / "invitation-member.png"), full_page=True)

    # The link is spent: opening it again says so.
    member_page.goto(link)
    expect(member_page.get_by_text("n’est plus valable")).to_be_visible()
    organizer.close()
    member.close()
    # Nothing the pages ask for is missing (the site's icon included), and no script fails.
    assert errors == []


def _console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors
