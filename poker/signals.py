"""What the tables tell other apps (the championship) without importing them.

Both signals are sent inside the transaction that ends the hand, so a receiver's writes commit or
roll back with it: a knock-out is never lost nor counted twice.
"""

from django.dispatch import Signal

# sender=Table; kwargs: table, user_id, hand_number, stack_at_hand_start, players_left.
# Several players out in one hand: one signal each, smallest stack at the start of the hand first.
player_knocked_out = Signal()

# sender=Table; kwargs: table, remaining_user_ids (when the players left reach stop_at_players).
table_finished = Signal()
