"""The table core: what every game's table does the same way, whatever game it plays.

A change of a table is one transaction on its locked row (``play.Play``): the services that every
game shares (``services``), the storage (``writes``: the one-statement write; ``cache``: what a
process keeps between two changes), the broadcast after the commit (``broadcast``, ``delta``), the
websocket consumer (``consumer``) and the deadline loop (``clock``). The core never asks which game
a table plays: it asks the table's game (``registry``), one plug-in per game in ``poker.games``.
"""
