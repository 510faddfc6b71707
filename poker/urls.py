from django.urls import path

from .coach import views as coach
from .fairness import views as fairness_views
from .pages import views
from .tables.registry import games

app_name = "poker"

urlpatterns = [
    path("", views.table_list, name="table_list"),
    path("nouvelle/", views.table_create, name="table_create"),
    path("entrainement/", views.practice_open, name="practice_open"),
    path("<int:pk>/", views.table_detail, name="table"),
    path("<int:pk>/organiser/<str:command>/", views.table_command, name="table_command"),
    path("<int:pk>/mains/", views.hand_list, name="hand_list"),
    path("<int:pk>/mains/<int:number>/", views.hand_replay, name="hand_replay"),
    path("<int:pk>/mains/<int:number>/revoir/", coach.hand_review, name="hand_review"),
    path("<int:pk>/mains/<int:number>/toutes-les-cartes/", views.hand_replay_all, name="hand_replay_all"),
    path("<int:pk>/mains/<int:number>/texte/", views.hand_text, name="hand_text"),
    path("<int:pk>/mains/<int:number>/telecharger/", views.hand_download, name="hand_download"),
    path("<int:pk>/mains/telecharger/", views.hands_download, name="hands_download"),
    path("equite/<int:pk>/", fairness_views.fairness_verify, name="fairness_verify"),
    path("equite/<int:pk>.json", fairness_views.fairness_record_json, name="fairness_record"),
]
for game in games():  # each game's other pages (the dealer game's bankroll)
    urlpatterns += game.page.get("urls", [])
