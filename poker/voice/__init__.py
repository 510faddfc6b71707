"""The voice room of a table (issue 34, docs/voice.md): who is in it (``rooms``), the ICE servers
and TURN credentials handed out (``ice``), the signalling messages' checks (``messages``), and the
websocket that forwards them between the members of one room (``consumer``). The server never sees,
relays or records media."""
