from django.urls import path

from .views import members

urlpatterns = [
    path("membres/", members.member_list, name="member_list"),
    path("membres/nouveau/", members.member_create, name="member_create"),
    path("membres/<int:pk>/", members.member_edit, name="member_edit"),
    path("membres/<int:pk>/invitation/", members.member_invite, name="member_invite"),
    path("invitation/<str:token>/", members.invitation_accept, name="invitation_accept"),
]
