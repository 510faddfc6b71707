"""What the tables tell other apps (the championship) without importing them (poker/CONTRACT.md).

Every signal but ``hand_finished`` is sent inside the transaction that ends the hand, so a
receiver's writes commit or roll back with it: a knock-out is never lost nor counted twice.
"""

from django.dispatch import Signal

# sender=Table; kwargs: table, hand_number, busted, players_left. One signal per hand, for every
# player out in it together: `busted` is a list of (user_id, stack_at_hand_start), smallest stack
# first; `players_left` counts the players still holding chips after the hand. Who of them is really
# out (a cut that saves the bigger stacks, a tie at the cut) is the receiver's rule, not the table's.
hand_knockouts = Signal()

# sender=Table; kwargs: table, remaining_user_ids (when the players left reach stop_at_players).
table_finished = Signal()

# sender=Table; kwargs: table, hand (the poker.Hand just over, its events stored), events (its events,
# read once for every receiver: poker.tables.after_end.HandEvents). One signal per
# finished hand of any game, sent after the hand's transaction has committed, in a transaction of its
# own (poker.tables.after_end: once per hand, again after a crash): the season's statistics add its
# figures up. The table's lock is not held: a receiver never changes the table.
hand_finished = Signal()

# sender=Table; kwargs: table, user_id, seat (its number). A decision is now a human player's (a new
# turn, not the same one sent again), sent inside the change's transaction: Web Push (poker/push)
# tells him after the commit when no page of his table is in sight.
turn_started = Signal()

# sender=Table; kwargs: table, missing_user_ids. The round's first hand waits for these players'
# pages (the get-ready countdown has started): Web Push tells those still away after the commit.
get_ready_started = Signal()
# sender=Table; kwargs: table, hand (the poker.Hand just dealt). One signal per dealt hand of any
# game, after the signals of the hand before it in the same change: the championship's clock starts
# with a round's first deal.
hand_dealt = Signal()
