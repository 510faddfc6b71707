from django.contrib import admin
from django.urls import include, path
from django.views.i18n import set_language

from . import pwa, views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("favicon.ico", pwa.favicon, name="favicon"),
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("hors-ligne/", pwa.offline, name="offline"),
    path("i18n/setlang/", set_language, name="set_language"),
    path("compte/", include("accounts.urls")),
    path("championnat/", include("championship.urls")),
    path("tables/", include("poker.urls")),
    path("notifications/", include("poker.push.urls")),
    path("admin/", admin.site.urls),
]

handler500 = "arf.views.server_error"
