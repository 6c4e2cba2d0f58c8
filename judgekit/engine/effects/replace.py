"""The replacement loop (XMage's `replaceEvent`, Forge's `ReplacementHandler`), once for every
ruleset.

    gather the replacements that apply to the event and may apply to it now
    none: the event happens as it is
    order: self-replacements first where the ruleset says so (D0 4.15.8-1)
    several: the ruleset's chooser picks one (Z/X 812.2 and g2022 912.2: the turn player;
             D0 4.15.8-2: the affected card's controller)
    apply it: its 「かわりに」 happens instead — the event is gone (replaced) — or the
             event is changed (damage reduced) and goes round again
    a one-shot replacement is used up (D0 4.15.3; 東方VISION's waiting effects, 7.8)

How often one replacement may apply is the rulebook's:

  * `Policy.once` (the clauses that say so, D0 4.15.6 「置換効果は、自分自身を繰り返し置換する
    ことはありません。置換イベント1回につき、1回だけ置換します。」, or a documented reading
    `Policy.once_reading` where the rulebook is silent — Z/X 812 and g2022 912 say nothing, and
    a card such as 「トラッシュに置かれる場合、かわりにトラッシュに置き、カードを1枚引く」 could
    otherwise never end): a replacement whose 「かわりに」 is running does not apply to the events
    that 「かわりに」 makes (the chain `g.replacing`), and a modified event carries the keys
    already applied to it (`Event.applied`), as XMage's appliedEffects and MTG 614.5.
  * A ruleset that binds no such limit (`once=None`) gets the rule as written: a replacement
    applies to every event it names, those its own 「かわりに」 makes included. When it would
    apply again to the *same* event inside its own chain (a replacement whose instead-event is
    the event it replaces, two replacements handing damage back and forth) nothing can ever
    change and the game cannot go on: that is the rules' unending loop (`Policy.loop`, the
    ruleset's clauses: a draw) or, where the rules give no end, a budget stop that says so —
    never a RecursionError.

The chain is also bounded (`MAX_CHAIN`): replacements nested that deep are a budget stop.
"""

from __future__ import annotations

from ..game import Halt

MAX_CHAIN = 64  # replacements nested inside one another's 「かわりに」 (none bundled needs 3)


class Candidate:
    """One replacement effect that would apply to an event: `key` (stable, unique: the
    source card and ability, "K#1", or an effect's id), the `source` card, its `controller`,
    `data` (what the ruleset needs to apply it: the ability), `self_scope` (a self-replacement,
    D0 4.15.8-1) and `once` (a one-shot replacement, used up when it applies)."""

    __slots__ = ("key", "source", "controller", "data", "self_scope", "once")

    def __init__(self, key: str, source: str | None, controller: str | None, data=None, *,
                 self_scope: bool = False, once: bool = False) -> None:
        self.key = key
        self.source = source
        self.controller = controller
        self.data = data
        self.self_scope = self_scope
        self.once = once

    def __repr__(self) -> str:
        return f"Candidate({self.key!r})"


class Policy:
    """A ruleset's binding of the loop.

    choose(g, event, cands) -> Candidate: the ruleset's chooser, with its own clause and words
    (called only with two or more candidates). once: the clauses that limit a replacement to
    once per event (a tuple, empty when only a reading says so), or None: no limit.
    once_reading: the ruleset's reading that supplies the limit where the rules are silent. loop: where `once` is None, the clauses that end an unending
    loop as a draw (a tuple), or () (a budget stop). self_first: the clause that applies
    self-replacements first, or None. consume(g, cand): uses up a one-shot replacement.
    """

    def __init__(self, *, choose, once: tuple | None = None, once_reading: str | None = None,
                 loop: tuple = (),
                 self_first: str | None = None, consume=None) -> None:
        self.choose = choose
        self.once = None if once is None else tuple(once)
        self.once_reading = once_reading
        self.loop = tuple(loop)
        self.self_first = self_first
        self.consume = consume


def created(g, kind: str, about: str, *, match=None, self_scope=None) -> list:
    """The replacement effects a spell or an ability created (not printed on a card) that
    apply to an event of `kind` about `about` (a card id, or a player for a draw): the effects
    in force `{replace: KIND, to: [...]}` whose `to` names it — in the incarnation it was made
    for (`incs`: a card that has since become a new object is no longer what it named) —
    and, where given, `match(effect)` holds. Each is a Candidate keyed by its source and
    timestamp; `once` when the effect says it replaces only the next such event (a one-shot,
    D0 4.15.3), and `self_scope(effect)` says it is a self-replacement (D0 4.15.8-1)."""
    effects = g.b.effects
    if not effects:
        return []
    out = []
    card = g.b.cards.get(about)
    for e in effects:
        if e.get("replace") != kind or about not in e.get("to", ()):
            continue
        incs = e.get("incs")
        if incs and card is not None and incs.get(about, card.incarnation) != card.incarnation:
            continue
        if match is not None and not match(e):
            continue
        out.append(Candidate(f"{e.get('source') or 'effect'}@{e.get('ts', 0)}", e.get("source"),
                             e.get("controller"), e, once=bool(e.get("once")),
                             self_scope=bool(self_scope and self_scope(e))))
    return out


def made(ins: dict, about: list, cards: list, *, source, controller, ts: int,
         until: str | None) -> dict:
    """The effect in force an instruction `{replace: KIND, …}` of a spell or an ability creates
    for `about` (card ids, or a player for a draw; `cards` the cards among them, whose
    incarnation it is made for): with `until` it lasts for that period, without it is a
    one-shot (`once`)."""
    eff = {"replace": ins["replace"], "to": list(about), "source": source,
           "controller": controller, "ts": ts}
    for k in ("instead", "reduce", "zone", "into", "text"):
        if k in ins:
            eff[k] = ins[k]
    if until:
        eff["until"] = until
    else:
        eff["once"] = True
    if cards:
        eff["incs"] = {c.id: c.incarnation for c in cards}
    return eff


def use_up(g, e: dict) -> bool:
    """A one-shot replacement effect in force (`e`, an entry of the effects in force) has
    replaced its event: it ends. False when it is no longer in force (it ended with the card
    it was for)."""
    if any(x is e for x in g.b.effects):
        g.remove_effect(e)
        return True
    return False


def chain(g) -> list:
    """The replacements whose 「かわりに」 is running, outermost first: (key, event signature)."""
    return g.replacing


def run(g, event, gather, apply, policy: Policy):
    """Replace `event` if a replacement applies: `gather(event)` lists the candidates that
    apply to it, `apply(g, event, cand)` performs the chosen one and returns None (the event
    was replaced: it does not happen) or the modified event (it goes round again). Returns
    (happens, event): whether the event still happens, and as what."""
    running = chain(g)
    while True:
        cands = gather(event)
        if not cands:
            return True, event
        cands = [c for c in cands if c.key not in event.applied]
        inside = {k for k, _ in running}
        if policy.once is not None:
            again = [c for c in cands if c.key in inside]
            if again:
                _once_note(g, event, again, policy)
            cands = [c for c in cands if c.key not in inside]
        if not cands:
            return True, event
        if policy.self_first and len(cands) > 1:
            selfs = [c for c in cands if c.self_scope]
            if selfs and len(selfs) < len(cands):
                _self_note(g, event, selfs, cands, policy)
                cands = selfs
        cand = cands[0] if len(cands) == 1 else policy.choose(g, event, cands)
        sig = (cand.key, event.signature())
        if policy.once is None and sig in running:
            _unending(g, event, cand, policy)
        if len(running) >= MAX_CHAIN:
            g.note("engine", (), f"Replacement effects nested {MAX_CHAIN} deep inside one "
                   "another's 「かわりに」: the engine stops here (a budget, not a ruling).",
                   f"置換効果が{MAX_CHAIN}重に入れ子になったため、エンジンはここで停止します"
                   "（上限であり裁定ではありません）。")
            raise Halt("budget", f"replacement effects nested {MAX_CHAIN} deep")
        running.append(sig)
        try:
            out = apply(g, event, cand)
        finally:
            running.pop()
        if cand.once and policy.consume is not None:
            policy.consume(g, cand)
        if out is None:
            return False, event
        event = out
        event.applied = event.applied + (cand.key,)


def _self_note(g, event, selfs: list, cands: list, policy: Policy) -> None:
    keys = ", ".join(c.key for c in selfs)
    rest = ", ".join(c.key for c in cands if not c.self_scope)
    g.note("replacement", (policy.self_first,), f"{keys} is a self-replacement effect (the "
           f"spell or ability resolving now created it): it applies to {event.en} first, "
           f"before the others ({rest}).",
           f"{keys}は自己置換効果（解決中のスペルまたは能力が生み出した効果）なので、{event.ja}に"
           f"まず適用され、それ以外の置換効果（{rest}）はその後になります。",
           cards=tuple(c.source for c in selfs if c.source))


def _once_note(g, event, again: list, policy: Policy) -> None:
    keys = ", ".join(c.key for c in again)
    g.note("replacement", policy.once, f"{keys} already replaced the event this one comes from "
           f"(its own 「かわりに」 made it): a replacement effect replaces one event once and "
           f"does not replace itself again; {event.en} is not replaced by it.",
           f"{keys}はこのイベントの元のイベントをすでに置き換えています（このイベントはその「かわりに」"
           f"によるものです）。置換効果は置換イベント1回につき1回だけ置換し、自分自身を繰り返し置換"
           f"しないため、{event.ja}には適用されません。",
           cards=(event.card,) if event.card else (),
           readings=(policy.once_reading,) if policy.once_reading else ())


def _unending(g, event, cand, policy: Policy) -> None:
    """The same replacement applies again to the same event inside its own 「かわりに」: as the
    rules are written it would go on forever, with no choice that could change it."""
    en = (f"{cand.key}'s 「かわりに」 makes the very event it replaces ({event.en}) again, and "
          f"the replacement applies to it again: as the rules are written this repeats without "
          f"end, and no player has a choice that could stop it")
    ja = (f"{cand.key}の「かわりに」が置き換えたのと同じイベント（{event.ja}）を再び発生させ、同じ"
          f"置換効果が再び適用されます。ルールのとおりに処理すると終わりなく繰り返され、どのプレイヤー"
          f"にもそれを止める選択がありません")
    if policy.loop:
        with g.step("game_end", policy.loop, en + ": the game is a draw.",
                    ja + "。ゲームは引き分けで終了します。", cards=(event.card,) if event.card
                    else ()):
            pass
        g.draw_game(policy.loop, "a replacement effect repeats without end (loop)",
                    "置換効果が終わりなく繰り返される（ループ）")
    g.note("engine", (), en + ". The rulebook gives no rule that ends it (no once-per-event "
           "rule, no loop rule): the engine stops here — a budget stop, not a ruling; the "
           "judge settles it.", ja + "。ルールにはこれを終わらせる規定（置換は1回だけ、ループの"
           "規定）がないため、エンジンはここで停止します（上限であり裁定ではありません。判断は"
           "ジャッジが行います）。", cards=(event.card,) if event.card else ())
    raise Halt("budget", f"a replacement effect ({cand.key}) repeats without end and the "
               "rules give no end")
