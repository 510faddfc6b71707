from django.contrib.auth import views as auth_views
from django.urls import path

from . import views

urlpatterns = [
    path("connexion/", auth_views.LoginView.as_view(redirect_authenticated_user=True), name="login"),
    path("deconnexion/", auth_views.LogoutView.as_view(), name="logout"),
    path(
        "mot-de-passe/",
        auth_views.PasswordChangeView.as_view(success_url="/compte/mot-de-passe/fait/"),
        name="password_change",
    ),
    path("mot-de-passe/fait/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("profil/", views.profile, name="profile"),
    path("profil/cartes/", views.profile_deck, name="profile_deck"),
    path("comptes/", views.account_list, name="account_list"),
    path("comptes/debloquer/", views.lockout_clear, name="lockout_clear"),
    path("comptes/<int:pk>/reinitialisation/", views.password_reset_create, name="password_reset_create"),
    path("reinitialisation/<str:token>/", views.password_reset_use, name="password_reset_use"),
]
