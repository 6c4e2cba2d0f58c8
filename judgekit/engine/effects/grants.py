"""Granting and taking away keywords and abilities for a duration, once for every ruleset.

An effect in force `{grant: VALUE, to: [ids], until: …}` gives each card the keyword or
ability VALUE (in the ruleset's own form: a keyword word, `{keyword: …}`, an ability map);
`{lose: VALUE, …}` takes it away. The effect names the incarnation of each card it was made
for (`incs`), so a card that has since become a new object (moved to another zone) no longer
has what was granted to the old one; an effect written in a board file without `incs` applies
to the card as it is. The effect ends like any other effect in force: at its duration's
boundary (the ruleset's flow removes effects whose `until` has come).

Static abilities that grant (「あなたの…ユニットは速攻を得る」) are the same entries with the
timestamp of their card: the ruleset lists them (`BaseGame.static_grants()`) and, while a board
has any such ability (`BaseGame.grant_statics`), BaseGame refreshes them after every change of
the state, since where cards are decides whom they reach (a card arrives already having them,
D0 4.14.2).

Derived state, recomputed from the store (never written back): `regrant(board, statics)`
refreshes each card's `grants` whenever an effect with `grant`/`lose` is added or removed (BaseGame
does it), and the ruleset's keyword and ability accessors read `granted(card)` /
`lost(card)`. Which wins when a keyword is both granted and taken away is the ruleset's:
東方VISION 1.3.2 says the taking away (「何かを失う」) wins; elsewhere the later effect (its
timestamp) decides (`effective(printed, card, lose_wins=…)`). The same keyword granted twice is
one keyword: the accessors return the first value found.
"""

from __future__ import annotations

KEYS = ("grant", "lose")


def has_grants(effects) -> bool:
    return any("grant" in e or "lose" in e for e in effects)


def regrant(board, statics=()) -> None:
    """Refresh every card's `grants` from the effects in force, in timestamp order, and from
    `statics`: (card id, "grant" | "lose", value, timestamp) for each keyword or ability a
    static ability in force gives or takes away now (the ruleset's `BaseGame.static_grants`;
    its timestamp is when its card began to work where it is). A static grant names no
    incarnation: it holds for the card as it is, while the ability reaches it."""
    for c in board.cards.values():
        if c.grants:
            c.grants = ()
    order = sorted((e for e in board.effects if "grant" in e or "lose" in e),
                   key=lambda e: e.get("ts", 0))
    for e in order:
        how = "grant" if "grant" in e else "lose"
        incs = e.get("incs") or {}
        for cid in e.get("to") or ():
            c = board.cards.get(cid)
            if c is not None:
                c.grants = c.grants + ((incs.get(cid), how, e[how], e.get("ts", 0)),)
    for cid, how, value, ts in statics:
        c = board.cards.get(cid)
        if c is not None:
            c.grants = c.grants + ((None, how, value, ts),)


def live(c) -> list:
    """The card's entries (incarnation, "grant" | "lose", value, timestamp) that hold for it as
    it is now (an entry made for an earlier incarnation does not)."""
    return [g for g in c.grants if g[0] is None or g[0] == c.incarnation]


_live = live


def granted(c) -> list:
    """The values granted to the card as it is now, oldest first."""
    return [v for _inc, how, v, _ts in _live(c) if how == "grant"] if c.grants else []


def lost(c) -> list:
    return [v for _inc, how, v, _ts in _live(c) if how == "lose"] if c.grants else []


def sides(g, c, name: str, *, name_of) -> tuple[set, bool]:
    """Which of "grant" / "lose" of `name` hold for card c as it is now (both at once is the case
    a ruleset's order-by-time clause decides), and whether a static ability in force is one of
    them (its time is when its card began to work where it is). `name_of(value)` names a value.
    What a ruleset cites for it is the ruleset's own."""
    hows = {how for _inc, how, v, _ts in _live(c) if name_of(v) == name} if c.grants else set()
    static = bool(hows) and g.grant_statics and any(
        cid == c.id and name_of(v) == name for cid, _h, v, _ts in g.static_grants())
    return hows, static


def effective(printed: list, c, *, name_of, lose_wins: bool = False) -> list:
    """The card's keywords or abilities now: `printed`, then each effect in timestamp order (a
    grant adds its value, a loss removes every value of that name). `name_of(value)` names a
    value. With `lose_wins` a loss beats any grant of the same name whatever their order
    (東方VISION 1.3.2)."""
    if not c.grants:
        return printed
    live = sorted(_live(c), key=lambda x: x[3])
    out = list(printed)
    gone = set()
    for _i, how, v, _ts in live:
        if how == "grant":
            out.append(v)
        else:
            n = name_of(v)
            gone.add(n)
            out = [x for x in out if name_of(x) != n]
    if lose_wins and gone:
        out = [x for x in out if name_of(x) not in gone]
    return out
