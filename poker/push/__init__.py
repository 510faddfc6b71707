"""Web Push (issue 32, docs/push.md): a player who said yes on one of his devices is told, even with
no page of the app open, when his session's tables open (his table and seat), when his table's
get-ready countdown starts without him, when it is his turn and no page of his table is in sight,
and when he is moved to another table.

Standard Web Push with pywebpush: the message encrypted for the device (RFC 8291, aes128gcm), signed
for the push service with the server's VAPID key (RFC 8292), posted to the device's push service
(RFC 8030). The keys come from the environment; without them nothing here runs and no button shows.

- ``models``: one ``Subscription`` per device (its push service's endpoint is unique).
- ``notices``: what is said (the texts, in the device's language) and when it is still worth saying.
- ``outbox``: the notices of a transaction, sent after its commit from a small thread pool.
- ``sending``: one message to one device; the device forgotten when its push service says so.
- ``services``: what the table core's signals and the championship call.
- ``views``: the page's subscribe and unsubscribe.

The championship calls ``services`` (``push_tables_open``, ``push_moved``); the table core only sends
its signals (``poker.signals.turn_started``, ``get_ready_started``), connected here: nothing in
``poker.tables`` imports this package.
"""
