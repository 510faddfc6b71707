"""Integrity: the organizer's figures of how each pair of players played together (docs/integrity.md).

``record``: each finished championship Hold'em hand read with every hole card
(``poker.engine.integrity``) and kept as counts, in the hand's transaction; ``report``: a session's
or a season's pairs ranked; ``views``: the organizer's pages. Nothing here is ever shown to a player.
"""
