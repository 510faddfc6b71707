"""PokerKit's way of sharing odd chips, applied to our settled hand, for the differential tests."""

from poker.engine import events as ev


def pokerkit_split(hand) -> list[int]:
    """Our final stacks with PokerKit's odd chips (difference 1). PokerKit first kills the hands
    that win nothing, so neighbouring pots left with the same contenders become one pot, and the
    chips that do not divide all go to the first winner (clockwise from the button's left, as ours)."""
    stacks = list(hand.stacks)
    awards = [e for e in hand.events if e["type"] == ev.POT_AWARDED]
    winning = {player for award in awards for player in award["winners"]}
    merged: list[tuple[list[int], int, list[int]]] = []  # (contenders, amount, winners)
    for award in awards:
        contenders = [p for p in award["players"] if p in winning]
        for player, share in zip(award["winners"], award["shares"]):
            stacks[player] -= share
        if merged and merged[-1][0] == contenders:
            merged[-1] = (contenders, merged[-1][1] + award["amount"], award["winners"])
        else:
            merged.append((contenders, award["amount"], award["winners"]))
    for _, amount, winners in merged:
        share, odd = divmod(amount, len(winners))
        for k, player in enumerate(winners):
            stacks[player] += share + (odd if k == 0 else 0)
    return stacks
