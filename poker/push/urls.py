from django.urls import path

from . import views

app_name = "push"

urlpatterns = [
    path("abonnement/", views.subscribe, name="subscribe"),
    path("desabonnement/", views.unsubscribe, name="unsubscribe"),
]
