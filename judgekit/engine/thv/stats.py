"""Battle stats (戦闘力, 6.1.10–6.1.14) and what the keywords of chapter 10 say about a card.

The stats of a character are its printed attack and durability ('-' counts as 0, 1.6.1.b) with
the modifications in force applied in the order of 6.1.10 — changes, swaps, modifiers (+/−),
then 'always' changes — each group by timestamp; the engine's vocabulary has modifiers (戦闘修正)
only. A ±0 part is no modifier (6.1.14). Below 0 a stat is used as 0, but the computed value is
kept (6.1.12): durability 0 or less makes the character 決死 (9.2.2.b).
"""

from __future__ import annotations

import re

from ..effects.prohibit import Binding, forbidden
from .clauses import REGISTRY
from .model import number
from .spec import CANNOT_VERBS

_MOD = re.compile(r"^\s*([+\-±]?)\s*(\d+)\s*/\s*([+\-±]?)\s*(\d+)\s*$")


def parse_modifier(text: str) -> tuple[int | None, int | None]:
    """'+1/-2' → (1, -2); a ±0 part is no modifier (6.1.14) → None."""
    m = _MOD.match(str(text).replace("−", "-").replace("＋", "+"))
    if not m:
        raise ValueError(f"a battle modifier such as +1/-2 or ±0/-2, found {text!r}")
    out = []
    for sign, digits in ((m.group(1), m.group(2)), (m.group(3), m.group(4))):
        n = int(digits) * (-1 if sign == "-" else 1)
        out.append(None if n == 0 else n)
    return out[0], out[1]


@REGISTRY.rule("6.1.13", "2.10.2")
def modifiers(g, c) -> list[tuple[int | None, int | None]]:
    """The battle modifiers on character `c`: those of the equipment and talisman cards set on
    it (their attack/durability are modifiers, 2.10.2, and the host has them, 6.1.13), then
    the effects in force by timestamp (6.1.10.c, 6.1.11)."""
    out = []
    b = g.b
    for sid in c.set:
        s = b.cards.get(sid)
        if s is not None and s.set_as in ("equipment", "talisman"):
            da, dd = number(s.attack), number(s.durability)
            if da or dd:
                out.append((da or None, dd or None))
    for e in sorted(g.b.effects, key=lambda e: e.get("ts", 0)):
        if "modify" in e and c.id in e.get("to", ()):
            out.append(parse_modifier(e["modify"]))
    return out


@REGISTRY.rule("6.1.10", "6.1.14")
def raw_stats(g, c) -> tuple[int, int]:
    """Attack and durability after the modifications of 6.1.10, not floored."""
    atk, dur = number(c.attack), number(c.durability)
    for da, dd in modifiers(g, c):
        atk += da or 0
        dur += dd or 0
    return atk, dur


@REGISTRY.rule("6.1.12")
def battle_stats(g, c) -> tuple[int, int]:
    """The stats as used: a value below 0 is used as 0 (6.1.12)."""
    atk, dur = raw_stats(g, c)
    return max(atk, 0), max(dur, 0)


def shares_race(a, b) -> bool:
    """2.6.6: one race in common ('なし' when a card has none, 2.6.3)."""
    ra = set(a.get("races") if isinstance(a, dict) else a.races) or {"なし"}
    rb = set(b.get("races") if isinstance(b, dict) else b.races) or {"なし"}
    return bool(ra & rb)


def resists(defender, source_snap: dict) -> bool:
    """10.11.2.a 耐性A: no combat damage from a character of race A."""
    race = defender.keyword("耐性")
    return isinstance(race, str) and race in (source_snap.get("races") or ())


def _cannot_statics(g):
    """The printed 「〜できない」 (自動α, 7.4.5): they apply while their card is on the field
    (7.4.5.a) and its text works."""
    for c in g.b.field():
        for i, ab in enumerate(c.abilities, 1):
            if "cannot" in ab:
                yield c, f"{c.id}#{i}", ab


def _cannot_applies(g, src, ab: dict, c) -> bool:
    of = ab.get("of", "self")
    if isinstance(c, str):  # a player: 「相手はカードをドロー出来ない」 (of: whose)
        return ab.get("cannot") == "draw" and (
            of in ("any", "each") or (c == g.ctl(src)) == (of in ("yours", "self")))
    if ab.get("cannot") == "play":  # 「〔相手〕は…カードをプレイ出来ない」: whose plays, what type
        if isinstance(c, str) or ab.get("type") not in (None, c.type):
            return False
        return of in ("any", "each") or (c.owner == g.ctl(src)) == (of in ("yours", "self"))
    if of == "self":
        return c.id == src.id
    if not g.b.is_character(c) and ab.get("cannot") != "use":  # 7.3.7: any card's effects
        return False
    if of == "any":
        return True
    return (g.ctl(c) == g.ctl(src)) == (of == "yours")


def _cannot_effect_applies(g, e: dict, c) -> bool:
    """An effect in force 「〔あなた〕は…カードをプレイ出来ない」 names players: it reaches every
    card of theirs (of its `type`) they would play."""
    return e.get("cannot") == "play" and not isinstance(c, str) and c.owner in e.get(
        "to", ()) and e.get("type") in (None, c.type)


@REGISTRY.rule("7.4.5.a")
def static_grants(g):
    """(character id, "grant" | "lose", tactic, 0) for each printed 「…は〈戦術〉を得る / 失う」 (an
    自動α, 7.4.5) of a card on the field, to the characters it names (7.4.5.a: while its card is
    there). The order of application (7.4.5.e) changes nothing here: 「失う」 wins whatever the
    order (1.3.2) and the same one twice is two (10.1.3)."""
    for src in g.b.field():
        for ab in src.abilities:
            for how in ("grant", "lose"):
                if how in ab and "effect" not in ab:
                    for c in g.b.field():
                        if _cannot_applies(g, src, ab, c):
                            yield (c.id, how, ab[how], 0)


def changed_by(g, c, word: str) -> tuple:
    """The clauses to cite where c has, or lacks, tactic `word` only because of what grants or
    takes it away: a printed 自動α (7.4.5.a), an effect lasting a period (7.6.1); a loss wins
    (1.3.2). Empty when nothing does."""
    if not c.grants:
        return ()
    from ..effects.grants import live

    def name(v):
        return next(iter(v)) if isinstance(v, dict) else v

    mine = [how for _i, how, v, _ts in live(c) if name(v) == word]
    statics = [how for cid, how, v, _ts in (static_grants(g) if g.grant_statics else ())
               if cid == c.id and name(v) == word]
    return ((("7.4.5.a",) if statics else ()) + (("7.6.1",) if len(mine) > len(statics) else ())
            + (("1.3.2",) if "lose" in mine else ()))


# 東方VISION's binding of the core prohibition query (judgekit.engine.effects.prohibit): 1.3.2
PROHIBITIONS = Binding(clause="1.3.2", verbs=CANNOT_VERBS, statics=_cannot_statics,
                       applies=_cannot_applies, effect_applies=_cannot_effect_applies)


@REGISTRY.rule("1.3.2")
def forbid(g, c, verb: str):
    """What forbids `verb` for character c (1.3.2: 「出来ない」 wins), as a Forbid, or None."""
    return forbidden(g, PROHIBITIONS, verb, c)


def allowed(g, objs, verb: str, say) -> list:
    """The cards or players of `objs` no 「出来ない」 of `verb` stops (1.3.2); `say(obj, why)`
    tells of each one that is stopped."""
    out = []
    for o in objs:
        no = forbid(g, o, verb)
        if no is None:
            out.append(o)
        else:
            say(o, no)
    return out


def can_attack(g, c) -> bool:
    """6.3.3: on the turn player's field, a character, active, and not prevented (人形
    10.9.2.a, a 「攻撃できない」 1.3.2)."""
    b = g.b
    return (b.is_character(c) and g.ctl(c) == b.turn_player and c.state == "active"
            and not c.has("人形") and forbid(g, c, "attack") is None)


def can_defend(g, c, player: str, attacker_id: str | None) -> bool:
    """6.4.3: the player's character, active, not the attacker, not prevented (a 「防御できない」
    1.3.2)."""
    return (g.b.is_character(c) and g.ctl(c) == player and c.state == "active"
            and c.id != attacker_id and forbid(g, c, "defend") is None)
