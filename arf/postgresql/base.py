"""Django's PostgreSQL backend, its pool checking a connection with a look at its socket.

Connections are pooled (``OPTIONS["pool"]``, psycopg_pool, see the settings): a request, a websocket
message or a deadline trip borrows one and gives it back. The pool checks a connection when it is
lent; psycopg's own check (``ConnectionPool.check_connection``) is a round trip, one of the five of
every action at a table, which cost 6-10 % of an action's CPU and wall time when it was measured
against this one (commit cb39d88, for the kept connections of before). A connection the server
has closed (a restart, an idle timeout, a terminated backend) has the server's goodbye or the end
of the stream waiting on its socket; a connection at rest in the pool has nothing to read (the app
uses no LISTEN). So a look at the socket, without waiting, tells the same. A connection lost with
nothing said (the network cut) is not seen here, as it was not by a round trip made before the
query: that query fails, its transaction is rolled back, and the pool replaces the connection
when it is given back broken.

Over TLS the socket may hold the encryption layer's own records (a session ticket, a key update)
with nothing for the app: there the check is psycopg's round trip.
"""

from __future__ import annotations

import select

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.postgresql import base
from psycopg import OperationalError
from psycopg_pool import ConnectionPool


def check_socket(connection) -> None:
    """The pool's ``check``: return quietly if ``connection`` looks alive, raise if not (the pool
    then discards it and lends another)."""
    if connection.closed or connection.broken:
        raise OperationalError("the connection is closed")
    if connection.pgconn.ssl_in_use:
        ConnectionPool.check_connection(connection)
        return
    try:
        readable, _, _ = select.select([connection.fileno()], [], [], 0)
    except (OSError, ValueError) as error:
        connection.close()
        raise OperationalError(f"the connection's socket is unusable: {error}") from error
    if readable:
        # Closed here, so that the pool, given it back, drops it and opens another (it keeps a
        # connection that psycopg still takes for open).
        connection.close()
        raise OperationalError("the server closed the connection")


class DatabaseWrapper(base.DatabaseWrapper):
    @property
    def pool(self):
        # Django's own pool (django.db.backends.postgresql.base), lent with ``check_socket``: Django
        # passes its ``check`` itself, so the pool is made here as it makes it.
        options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == base.NO_DB_ALIAS or not options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            kwargs = self.get_connection_params()
            kwargs["autocommit"] = True  # as Django's: it sets the mode it wants once lent
            pool = ConnectionPool(
                kwargs=kwargs,
                open=False,
                configure=self._configure_connection,
                check=check_socket,
                **({} if options is True else options),
            )
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
