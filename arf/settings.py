"""Settings for the ARF championship app, all read from the environment (see README).

Embedded default: SQLite and the in-memory channel layer, so `make run` works on a bare machine.
Deployment: DATABASE_URL (PostgreSQL) and REDIS_URL (Redis), DEBUG=0, a real SECRET_KEY.
"""

import re
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _

from .env import ImproperlyConfiguredEnv, env_bool, env_float, env_int, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", True)
_DEV_SECRET = "dev-only-insecure-key-do-not-use-in-production-0123456789abcdef"
SECRET_KEY = env_str("SECRET_KEY", _DEV_SECRET if DEBUG else None)
if not DEBUG and SECRET_KEY == _DEV_SECRET:
    raise ImproperlyConfiguredEnv("SECRET_KEY must be set to a secret value when DEBUG is off")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "axes",
    "csp",
    "django_htmx",
    "channels",
    "arf",  # the project's own commands: backup_db, restore_db
    "accounts",
    "poker",
    "poker.push",  # Web Push: the players' subscriptions and what is sent (docs/push.md)
    "championship",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "arf.security.ContentSecurityPolicyMiddleware",
    "arf.security.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "arf.language.ChosenLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "arf.logs.RequestContextMiddleware",
    # After the session and the user: a view failing for want of the database answers 503.
    "arf.unavailable.DatabaseUnavailableMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    # Last, as django-axes asks: turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "arf.urls"
ASGI_APPLICATION = "arf.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "accounts.context_processors.roles",
                "championship.context_processors.evening",
            ],
        },
    },
]

# Under ASGI each request's synchronous code runs in a thread of its own, and a kept connection
# belongs to its thread: kept connections piled up by the dozen a process until PostgreSQL refused
# new clients. So no connection is kept by a thread (CONN_MAX_AGE 0, as Django advises under ASGI):
# on PostgreSQL every request, websocket message and deadline trip borrows one from the process's
# pool and gives it back, the pool bounded by DB_POOL_MAX_SIZE.
if env_int("DB_CONN_MAX_AGE", 0):
    raise ImproperlyConfiguredEnv(
        "DB_CONN_MAX_AGE is no longer used: connections are pooled (DB_POOL_MIN_SIZE, DB_POOL_MAX_SIZE, "
        "DB_POOL_TIMEOUT); remove it from the environment"
    )
DATABASES = {
    "default": dj_database_url.parse(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several requests and the table timers write at once; wait for the lock instead of failing.
    DATABASES["default"].setdefault("OPTIONS", {})["timeout"] = 20
    DATABASES["default"]["OPTIONS"]["transaction_mode"] = "IMMEDIATE"
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend with its pool checked by a look at the socket instead of a round trip
    # (arf/postgresql).
    DATABASES["default"]["ENGINE"] = "arf.postgresql"
    # Django's own queries keep its client-side binding (never prepared); the server-side binding
    # cursor of a table's change (poker.tables.writes) becomes prepared statements after a few
    # changes, kept by the pooled connection from one borrower to the next.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("prepare_threshold", 5)
    DATABASES["default"]["OPTIONS"]["pool"] = POOL = {
        "min_size": env_int("DB_POOL_MIN_SIZE", 2),
        "max_size": env_int("DB_POOL_MAX_SIZE", 10),
        # A borrower waits this long for a free connection, then the page answers 503 and the
        # table's socket "busy": never a hang.
        "timeout": env_float("DB_POOL_TIMEOUT", 5.0),
        # Connections above min_size that nobody borrowed for this long are closed.
        "max_idle": env_float("DB_POOL_MAX_IDLE", 300.0),
        "name": "arf",
    }
    if not 1 <= POOL["min_size"] <= POOL["max_size"]:
        raise ImproperlyConfiguredEnv("DB_POOL_MIN_SIZE must be at least 1 and at most DB_POOL_MAX_SIZE")
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = env_str("REDIS_URL", "")
if REDIS_URL:
    # The pub/sub layer keeps idle websockets open (redis-py 8's 5 s socket timeout closes them
    # with RedisChannelLayer) and broadcasts faster across processes.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # A deployment's processes share one prefix; each test run takes its own, so two runs on
            # one Redis never hear each other's tables.
            "CONFIG": {"hosts": [REDIS_URL], "prefix": env_str("CHANNELS_PREFIX", "arf")},
        }
    }
else:
    # A process's fan-out channel takes every table's messages (poker.tables.fanout): more room
    # than a page's channel, whose messages are only its user's own. (Channels 4.3's in-memory
    # layer reads this as (regex, capacity) pairs, not the dict of globs of its documentation.)
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"channel_capacity": [(re.compile(r"fanout\."), 10_000)]},
        }
    }

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# Login throttling (django-axes): the first backend refuses a locked-out username or address before
# any password is checked; every authenticate() call goes through it, whatever the page.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("LOGIN_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
# Locked by username (someone guessing one member's password) and by address (one machine trying
# many usernames), each on its own; an address has its own, larger limit (accounts.throttle).
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_HANDLER = "accounts.throttle.LoginThrottle"
LOGIN_ADDRESS_FAILURE_LIMIT = env_int("LOGIN_ADDRESS_FAILURE_LIMIT", 20)
AXES_LOCKOUT_CALLABLE = "accounts.views.locked_out"
# A success must not wipe the failures of the address: a member could otherwise keep guessing
# another's password between his own logins.
AXES_RESET_ON_SUCCESS = False
# Behind nginx, daphne (--proxy-headers) puts the visitor's address in REMOTE_ADDR.
AXES_IPWARE_META_PRECEDENCE_ORDER = ("REMOTE_ADDR",)
# The logs name the username and address of a failed login (the organizer wants to know who is
# being guessed); the password is never stored or logged.
AXES_SENSITIVE_PARAMETERS: list[str] = []

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("French")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = env_str("TIME_ZONE", "Europe/Paris")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(env_str("STATIC_ROOT", str(BASE_DIR / "staticfiles")))
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Web Push (poker/push, docs/push.md): the server's VAPID key pair (RFC 8292), base64url as
# `manage.py webpush_keys` prints them, and the contact the push services may write to. Without
# the keys the feature is off: no button, nothing sent.
WEBPUSH_VAPID_PUBLIC_KEY = env_str("WEBPUSH_VAPID_PUBLIC_KEY", "").strip()
WEBPUSH_VAPID_PRIVATE_KEY = env_str("WEBPUSH_VAPID_PRIVATE_KEY", "").strip()
WEBPUSH_SUBJECT = env_str("WEBPUSH_SUBJECT", "mailto:organisateur@arf.invalid").strip()
if bool(WEBPUSH_VAPID_PUBLIC_KEY) != bool(WEBPUSH_VAPID_PRIVATE_KEY):
    raise ImproperlyConfiguredEnv("WEBPUSH_VAPID_PUBLIC_KEY and WEBPUSH_VAPID_PRIVATE_KEY go together")
if not re.match(r"^(mailto:|https://)", WEBPUSH_SUBJECT):
    raise ImproperlyConfiguredEnv(f"WEBPUSH_SUBJECT={WEBPUSH_SUBJECT!r} is not a mailto: or https:// address")

# Voice at the table (poker/voice, docs/voice.md): the ICE servers handed to the browsers. STUN and
# TURN URLs comma-separated ("stun:turn.example.org:3478", "turn:turn.example.org:3478?transport=udp");
# TURN's credentials are made per user from coturn's static-auth-secret and last VOICE_TURN_TTL
# seconds; VOICE_RELAY_ONLY sends media through TURN only, so players never see each other's address.
VOICE_STUN_URLS = env_list("VOICE_STUN_URLS", [])
VOICE_TURN_URLS = env_list("VOICE_TURN_URLS", [])
VOICE_TURN_SECRET = env_str("VOICE_TURN_SECRET", "")
VOICE_TURN_TTL = env_int("VOICE_TURN_TTL", 3600)
VOICE_RELAY_ONLY = env_bool("VOICE_RELAY_ONLY", False)
# At most this many cameras on at one table (docs/voice.md): a mesh sends each camera to every seat.
VOICE_MAX_CAMERAS = env_int("VOICE_MAX_CAMERAS", 4)
if not 0 <= VOICE_MAX_CAMERAS <= 9:
    raise ImproperlyConfiguredEnv(f"VOICE_MAX_CAMERAS: {VOICE_MAX_CAMERAS} is not between 0 and 9")
for _url in VOICE_STUN_URLS:
    if not re.match(r"^stuns?:", _url):
        raise ImproperlyConfiguredEnv(f"VOICE_STUN_URLS: {_url!r} is not a stun: or stuns: URL")
for _url in VOICE_TURN_URLS:
    if not re.match(r"^turns?:", _url):
        raise ImproperlyConfiguredEnv(f"VOICE_TURN_URLS: {_url!r} is not a turn: or turns: URL")
if VOICE_TURN_URLS and not VOICE_TURN_SECRET:
    raise ImproperlyConfiguredEnv("VOICE_TURN_URLS needs VOICE_TURN_SECRET (coturn's static-auth-secret)")
if VOICE_TURN_TTL < 60:
    raise ImproperlyConfiguredEnv(f"VOICE_TURN_TTL={VOICE_TURN_TTL} is too short (60 seconds at least)")

# How long an invitation link stays valid.
INVITATION_DAYS = env_int("INVITATION_DAYS", 7)

# Production hardening; behind the proxy, TLS ends at nginx, which sets X-Forwarded-Proto.
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", not DEBUG)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if DEBUG else 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER", not DEBUG):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Content security policy (django-csp; arf.security adds the page's websocket origin): the site's own
# scripts, styles, images and websocket only; no eval, no frames; no inline script or style but those
# a page writes with its response's nonce (the live tables', poker/templatetags/inline_assets.py: the
# nonce is in the header only of a response that used it).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "media-src": [SELF],
        "object-src": [NONE],
        "base-uri": [NONE],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # One line per event on stdout, with the table, hand and user it concerns (arf.logs).
    "filters": {
        "context": {"()": "arf.logs.ContextFilter"},
        # The database or Redis away is one line an event, without the traceback (arf.unavailable).
        "unavailable": {"()": "arf.unavailable.OneLineForUnavailableService"},
    },
    "formatters": {"line": {"()": "arf.logs.OneLineFormatter"}},
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "filters": ["context", "unavailable"],
            "formatter": "line",
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own loggers print to stderr too when DEBUG is on: here once, on our line.
        "django": {"handlers": ["console"], "level": "INFO", "propagate": False},
        "daphne": {"level": "WARNING"},
        "django.channels.server": {"level": "WARNING"},
        "axes": {"level": "WARNING"},
    },
}

# In development daphne serves the static files straight from the apps' folders.
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG

# Tables: the pauses of the game (milliseconds) and the in-process deadline loop (poker.tables.clock).
POKER_PAUSE_MS = env_int("POKER_PAUSE_MS", 3000)  # showing a hand's result before the next one
POKER_REVEAL_MS = env_int("POKER_REVEAL_MS", 1000)  # between the streets of an all-in run-out
POKER_BOT_MS = env_int("POKER_BOT_MS", 800)  # a practice bot "thinking"
POKER_DEADLINE_POLL_MS = env_int("POKER_DEADLINE_POLL_MS", 200)
# Each web process also fires due deadlines, so `make run` needs no worker; off where a worker runs.
POKER_DEADLINE_LOOP = env_bool("POKER_DEADLINE_LOOP", True)
# Each web process says every few seconds that it is alive, and takes back the table pages counted
# by a process found dead (poker.tables.pages): a process that dies leaves no player "connected".
POKER_PRESENCE_HEARTBEAT = env_bool("POKER_PRESENCE_HEARTBEAT", True)

# How long a password-reset link made by the organizer stays valid.
PASSWORD_RESET_HOURS = env_int("PASSWORD_RESET_HOURS", 24)
