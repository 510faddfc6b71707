"""Chips for live play, pure functions (the source's "Répartitions et valeur des jetons, 6/8 joueurs
par table"): the values of the family's colours, each player's chips for the starting stack, and the
checks that the set covers a table and that the small chips can make the blinds and antes.

Decisions (the source gives no numbers):
- Values, when the organizer leaves them blank, follow the usual ladder 1, 5, 25, 100, 500, 1000,
  5000, 25000, starting at the largest ladder value that divides every blind and ante of the first
  three levels; the most numerous colour gets the smallest value.
- Each colour but the biggest first gets enough chips to change two of the next colour (so a
  player can always make change), then the rest of the stack is filled from the biggest colour down.
- A colour-up is due at the first level whose blinds and antes are all multiples of the next colour
  up: from then on the smallest colour is no longer needed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from .rules import level_at

LADDER = (1, 5, 25, 100, 500, 1000, 5000, 25000, 100000)
TABLE_SIZES = (6, 7, 8)


@dataclass(frozen=True)
class Colour:
    name: str
    count: int
    value: int | None = None


@dataclass
class ChipPlan:
    values: dict[str, int]  # colour -> value
    per_player: dict[str, int]  # colour -> chips each player receives
    covers: dict[int, bool]  # players at the table -> the set is enough
    # (code, details): "empty", "no_value", "cover" {stack, players}, "level" {level, sb, bb, ante, chip}
    errors: list[tuple[str, dict]] = field(default_factory=list)
    colour_up: list[tuple[int, str]] = field(default_factory=list)  # (level 1-based, colour)

    @property
    def ok(self) -> bool:
        return not self.errors


def propose_values(colours: Sequence[Colour], levels: Sequence[Sequence[int]]) -> dict[str, int]:
    """Values for the colours: the organizer's where given, else the ladder (see the module doc)."""
    amounts = [x for i in range(min(3, len(levels))) for x in level_at(levels, i) if x]
    divisor = math.gcd(*amounts) if amounts else 1
    start = max(i for i, v in enumerate(LADDER) if divisor % v == 0)
    blank = sorted((c for c in colours if not c.value), key=lambda c: -c.count)
    taken = {c.value for c in colours if c.value}
    values = {c.name: c.value for c in colours if c.value}
    ladder = [v for v in LADDER[start:] if v not in taken]
    for colour, value in zip(blank, ladder):
        values[colour.name] = value
    return values


def chips_per_player(
    values: dict[str, int], counts: dict[str, int], stack: int, players: int
) -> dict[str, int]:
    """How many chips of each colour a player gets for `stack`, for `players` at a table; the
    amounts may not add up to the stack when the set is too small (the caller checks)."""
    order = sorted(values, key=lambda c: values[c])
    limit = {c: counts[c] // players for c in order}
    given = dict.fromkeys(order, 0)
    remaining = stack
    for low, high in pairwise(order):
        want = math.ceil(2 * values[high] / values[low])
        n = min(limit[low], want, remaining // values[low])
        given[low] = n
        remaining -= n * values[low]
    for colour in reversed(order):
        n = min(limit[colour] - given[colour], remaining // values[colour])
        given[colour] += n
        remaining -= n * values[colour]
    return given


def chip_plan(colours: Sequence[Colour], *, stack: int, levels: Sequence[Sequence[int]]) -> ChipPlan:
    """Values, each player's chips, and the checks, for tables of 6 to 8."""
    errors: list[tuple[str, dict]] = []
    if not colours:
        return ChipPlan({}, {}, dict.fromkeys(TABLE_SIZES, False), [("empty", {})])
    values = propose_values(colours, levels)
    counts = {c.name: c.count for c in colours}
    unvalued = [c.name for c in colours if c.name not in values]
    if unvalued:
        errors.append(("no_value", {"colours": ", ".join(unvalued)}))
        return ChipPlan(values, {}, dict.fromkeys(TABLE_SIZES, False), errors)
    biggest_table = max(TABLE_SIZES)
    per_player = chips_per_player(values, counts, stack, biggest_table)
    covers = {}
    for size in TABLE_SIZES:
        plan = chips_per_player(values, counts, stack, size)
        covers[size] = sum(n * values[c] for c, n in plan.items()) == stack
    if not covers[biggest_table]:
        for size in sorted(TABLE_SIZES, reverse=True):
            if covers[size]:
                per_player = chips_per_player(values, counts, stack, size)
                break
        errors.append(("cover", {"stack": stack, "players": biggest_table}))
    order = sorted(values, key=lambda c: values[c])
    used = [c for c in order if per_player.get(c)] or order
    horizon = [[x for x in level_at(levels, i) if x] for i in range(len(levels) + 5)]
    smallest = values[used[0]]
    for index, amounts in enumerate(horizon):
        if any(x % smallest for x in amounts):
            sb, bb, ante = level_at(levels, index)
            errors.append(("level", {"level": index + 1, "sb": sb, "bb": bb, "ante": ante, "chip": smallest}))
            break
    colour_up: list[tuple[int, str]] = []
    previous = -1
    for low, high in pairwise(used):
        # the first level from which every later blind and ante is a multiple of the next colour
        first = len(horizon)
        while first > 0 and all(x % values[high] == 0 for x in horizon[first - 1]):
            first -= 1
        if first >= len(horizon) - 1 or first <= previous:
            break
        colour_up.append((first + 1, low))
        previous = first
    return ChipPlan(values, per_player, covers, errors, colour_up)
