from django.urls import path

from .announcements import views as announcements
from .integrity import views as integrity
from .views import calendar, dashboard, members, seasons, sessions, standings, statistics, tv

urlpatterns = [
    path("membres/", members.member_list, name="member_list"),
    path("membres/nouveau/", members.member_create, name="member_create"),
    path("membres/<int:pk>/", members.member_edit, name="member_edit"),
    path("membres/<int:pk>/invitation/", members.member_invite, name="member_invite"),
    path("membres/<int:pk>/fusion/", members.member_merge, name="member_merge"),
    path("invitation/<str:token>/", members.invitation_accept, name="invitation_accept"),
    # public
    path("classement/", standings.standings, name="standings"),
    path("saisons/", standings.season_list, name="season_list"),
    path("saisons/<int:pk>/classement/", standings.standings, name="standings_season"),
    path("saisons/<int:pk>/classement.csv", standings.standings_csv, name="standings_csv"),
    path("saisons/<int:pk>/palmares/", statistics.awards, name="season_awards"),
    path("joueurs/<int:pk>/", standings.player_detail, name="player_detail"),
    path("joueurs/<int:pk>/face-a-face/", statistics.versus_choose, name="head_to_head_choose"),
    path("joueurs/<int:pk>/face-a-face/<int:other>/", statistics.versus, name="head_to_head"),
    path("joueurs/<int:pk>/saisons/<int:season_pk>/mains/", standings.player_hands, name="player_hands"),
    path("seances/<int:pk>/", sessions.session_detail, name="session_detail"),
    path("seances/<int:pk>/horloge/", tv.session_tv, name="session_tv"),
    path("seances/<int:pk>/agenda.ics", calendar.session_ics, name="session_ics"),
    path("saisons/<int:pk>/agenda.ics", calendar.season_ics, name="season_ics"),
    path("seances/<int:pk>/inscription/", sessions.session_register_me, name="session_register_me"),
    path("seances/<int:pk>/desinscription/", sessions.session_withdraw_me, name="session_withdraw_me"),
    path("ma-soiree/", sessions.evening_notice, name="evening_notice"),
    # organizer
    path("tableau-de-bord/", dashboard.dashboard, name="dashboard"),
    path("jetons/", dashboard.chips, name="chips"),
    path("jetons/<int:pk>/supprimer/", dashboard.chip_delete, name="chip_delete"),
    path("saisons/nouvelle/", seasons.season_create, name="season_create"),
    path("saisons/<int:pk>/reglages/", seasons.season_edit, name="season_edit"),
    path("seances/", seasons.season_sessions, name="season_sessions_current"),
    path("saisons/<int:pk>/seances/", seasons.season_sessions, name="season_sessions"),
    path("saisons/<int:pk>/seances/nouvelle/", seasons.session_new, name="session_new"),
    path("saisons/<int:pk>/frais.csv", seasons.season_fees_csv, name="season_fees_csv"),
    path("seances/<int:pk>/modifier/", seasons.session_edit, name="session_edit"),
    path("seances/<int:pk>/inscriptions/", sessions.session_registrations, name="session_registrations"),
    path("seances/<int:pk>/inscriptions.csv", sessions.registrations_csv, name="registrations_csv"),
    path(
        "seances/<int:pk>/inscriptions/<int:registration_pk>/frais/",
        sessions.registration_fee,
        name="registration_fee",
    ),
    path(
        "seances/<int:pk>/inscriptions/<int:registration_pk>/supprimer/",
        sessions.registration_delete,
        name="registration_delete",
    ),
    path(
        "seances/<int:pk>/inscriptions/<int:registration_pk>/derogation/",
        sessions.registration_override,
        name="registration_override",
    ),
    path("seances/<int:pk>/demarrer/", sessions.session_start, name="session_start"),
    path("seances/<int:pk>/tour-2/", sessions.round2_draw, name="round2_draw"),
    path("seances/<int:pk>/elimination/", sessions.knockout_record, name="knockout_record"),
    path(
        "seances/<int:pk>/eliminations/<int:knockout_pk>/annuler/",
        sessions.knockout_undo,
        name="knockout_undo",
    ),
    path("seances/<int:pk>/cloturer/", sessions.session_close, name="session_close"),
    path("seances/<int:pk>/deplacements/", sessions.moves_apply, name="moves_apply"),
    path("seances/<int:pk>/horloge/<str:action>/", sessions.clock_action, name="clock_action"),
    path("seances/<int:pk>/annonce/", announcements.announcement_send, name="announcement_send"),
    path("seances/<int:pk>/integrite/", integrity.session_integrity, name="session_integrity"),
    path("saisons/<int:pk>/integrite/", integrity.season_integrity, name="season_integrity"),
]
