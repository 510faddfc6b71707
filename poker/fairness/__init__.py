"""Provably fair play as the table app keeps and shows it (docs/fairness.md).

- ``record``: an epoch's record (what anyone may download once its seed is revealed), who the seed
  served, and the reveal of a table's epoch when its table finished.
- ``views``: the Verify page, the record's download, and the table page's fairness panel.

The algorithm and its checker are the engine's (``poker.engine.fairness``); where a hand's deck
comes from is the table core's (``poker.tables.fairness``); a session's draws come from the
championship (``championship.fairness``, registered through ``record.register_draws``).
"""
