# The app image: daphne (on uvloop, arf/serve.py) serving arf.asgi (HTTP + websockets). See docker-compose.yml.
FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1
# postgresql-client: pg_dump and pg_restore for `manage.py backup_db` and `restore_db` (Debian 12: 15, as the db image).
RUN apt-get update && apt-get install -y --no-install-recommends gettext curl postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY . .
# Static files and compiled translations are built into the image; nginx serves /static from a volume.
RUN SECRET_KEY=build-only DEBUG=0 python manage.py collectstatic --noinput -v0 \
 && python manage.py compilemessages -v0
RUN useradd --system --uid 1000 arf && chown -R arf /app
USER arf
EXPOSE 8000
CMD ["python", "-m", "arf.serve", "-b", "0.0.0.0", "-p", "8000", "--proxy-headers", "arf.asgi:application"]
