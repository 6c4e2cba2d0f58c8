"""The 「〜できない」 query, once for every ruleset (issue 20).

A prohibition is asked, never buried in an action: the rules step that would perform a verb —
declare an attack, move, choose a target, destroy, … — asks `forbidden(g, binding, verb, obj)`
and gets None (allowed) or a `Forbid` naming what forbids it: the source card and its ability
(`key`, "B#1"), or the effect in force and its source, the printed text, and the ruleset's
clause that makes "cannot" win over "can" and over the rules' own actions (Z/X 102.6, g2022
102.7, D0 1.1.2, 東方VISION 1.3.2). XMage's RestrictionEffect and Forge's StaticAbilityCant*
are the same idea; here the answer can say why (fireplace's boolean tags cannot).

The prohibitions come from two places, both read here:

  * the effects in force (`board.effects`): `{cannot: VERB, to: [ids or players], source, until}`
    — created by a resolved effect for a duration (judgekit.engine.effects.durations);
  * the printed abilities that work where their card is (the ruleset's `statics(g)`:
    `(card, key, ability)` with `ability["action"]` or `ability["cannot"]` the verb), each
    matched against the object by the ruleset's `applies(g, card, ability, obj)`.

Each ruleset names its own verbs in its own words (`Binding.verbs`); asking a verb the ruleset
does not have is a programming error (ValueError), never a silent "allowed".
"""

from __future__ import annotations


class Forbid:
    """Why `verb` cannot be done to/by `obj`: the source card, the key of the ability or effect
    that forbids it, the ruleset's precedence clause and the printed text (if the file gives
    one). `str()` is the key, the form the trace shows ("B#1", or the effect's source)."""

    __slots__ = ("verb", "obj", "source", "key", "clause", "text", "effect")

    def __init__(self, verb: str, obj: str, source: str | None, key: str, clause: str,
                 text: str = "", effect: dict | None = None) -> None:
        self.verb = verb
        self.obj = obj
        self.source = source
        self.key = key
        self.clause = clause
        self.text = text
        self.effect = effect

    def __str__(self) -> str:
        return self.key

    def __repr__(self) -> str:
        return f"Forbid({self.verb!r}, {self.obj!r}, by {self.key!r}, {self.clause})"

    def words(self) -> tuple[str, str]:
        """How a step names it: 「text」 (key), or the key alone."""
        if self.text:
            return f"{self.key}: 「{self.text}」", f"{self.key}「{self.text}」"
        return self.key, self.key


class Binding:
    """A ruleset's prohibitions: its precedence `clause`, its `verbs`, where its printed
    prohibitions are (`statics(g)` → (card, key, ability)), how one matches an object
    (`applies(g, card, ability, obj)`), and whether the printed ones are asked before the
    effects in force (`statics_first`, the order a ruleset's trace has always named them)."""

    def __init__(self, *, clause: str, verbs: tuple, statics, applies,
                 statics_first: bool = True, effect_applies=None) -> None:
        self.effect_applies = effect_applies  # (g, effect, obj) → bool: an effect in force
        # that reaches cards by a filter, not only the ones it named when made (D0 4.14.3-2)
        self.clause = clause
        self.verbs = tuple(verbs)
        self.statics = statics
        self.applies = applies
        self.statics_first = statics_first


def _verb_of(ab: dict):
    return ab.get("action", ab.get("cannot"))


def forbidden(g, binding: Binding, verb: str, obj) -> Forbid | None:
    """None, or the first Forbid of `verb` for `obj` (a card or a player id)."""
    if verb not in binding.verbs:
        raise ValueError(f"{verb!r} is not a verb of this ruleset's prohibitions "
                         f"({', '.join(binding.verbs)})")
    oid = obj if isinstance(obj, str) else obj.id
    first, second = ((_from_statics, _from_effects) if binding.statics_first
                     else (_from_effects, _from_statics))
    return first(g, binding, verb, obj, oid) or second(g, binding, verb, obj, oid)


def _from_effects(g, binding: Binding, verb: str, obj, oid: str) -> Forbid | None:
    for e in g.b.effects:
        if e.get("cannot") == verb and (oid in (e.get("to") or ()) or (
                binding.effect_applies is not None and binding.effect_applies(g, e, obj))):
            src = e.get("source")
            return Forbid(verb, oid, src, src or "effect", binding.clause, e.get("text") or "",
                          e)
    return None


def _from_statics(g, binding: Binding, verb: str, obj, oid: str) -> Forbid | None:
    for card, key, ab in binding.statics(g):
        if _verb_of(ab) == verb and binding.applies(g, card, ab, obj):
            return Forbid(verb, oid, card.id, key, binding.clause, ab.get("text") or "")
    return None
