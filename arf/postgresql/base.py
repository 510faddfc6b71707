"""Django's PostgreSQL backend, with a health check that costs no round trip.

Django checks a kept connection before its first query of each request, websocket message or
deadline trip (``CONN_HEALTH_CHECKS``) with a ``SELECT 1``: at a table, one round trip of the five
of every action. A connection the server has closed (a restart, an idle timeout, a terminated
backend) has the server's goodbye or the end of the stream waiting on its socket; a connection in
use has nothing to read between queries (the app uses no LISTEN). So a look at the socket, without
waiting, tells the same. A connection lost with nothing said (the network cut) is not seen here,
as it was not by ``SELECT 1`` between the check and the query: that query fails, its transaction
is rolled back, and the connection is replaced at the end of the request or message.

Over TLS the socket may hold the encryption layer's own records (a session ticket, a key update)
with nothing for the app: there the check stays Django's.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.pgconn.ssl_in_use:
            return super().is_usable()
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
