"""Auto abilities (908): events, the triggered state and the pending instances (played one at a
time by 202.2b, judgekit.engine.g2022.procedure).

An event is a dict: `kind` (enters, retired, put_into, damaged, lvup, attack, …), the card it
is about (a last-known snapshot, 913.1), the player it concerns and cause data (source card,
attacker). The listeners are the valid auto abilities (903.2). A 退場 is matched against the
abilities as they were while the chara was in the area (908.3d), everything else against the
abilities after the event (908.3b: cards arriving together see each other).
"""

from __future__ import annotations

from ..pending import Pending
from ..effects.delayed import Store, in_turn_words, of_phase_and_turn
from ..effects.events import by_matches, cause_matches
from .clauses import REGISTRY
from .keywords import KEYWORD_CLAUSES, KEYWORD_READINGS, KEYWORD_WORDS
from .model import PHASE_WORDS, opponent, zone_kind, zone_player, zone_words
from .params import AUTO, abilities, ability_key, condition, is_valid, matches

EVENT_WORDS = {
    "enters": ("appears (登場)", "登場した"), "retired": ("leaves (退場)", "退場した"),
    "put_into": ("is put into a zone", "ゾーンに置かれた"),
    "phase_start": ("a phase starts", "フェイズ開始時"), "game_start": ("the game starts", "ゲーム開始時"),
    "mission_end": ("the mission phase ends", "ミッションフェイズ終了時"),
    "attack": ("an attack is declared", "アタック時"), "attacks": ("it attacks", "アタックした時"),
    "battle_end": ("the battle ends", "バトル終了時"),
    "attack_success": ("an attack achieves ≪アタック成功≫", "≪アタック成功≫した"),
    "damaged": ("it is dealt damage", "ダメージを受けた"), "lvup": ("it levels up", "LvUPした"),
    "checked": ("a mission is checked", "ミッションがチェックされた"),
    "cleared": ("a mission is cleared", "ミッションがクリアされた"),
    "sleeps": ("it is slept", "スリープした"), "reboots": ("it is rebooted", "リブートした"),
    "played": ("is played", "プレイされた"),
    "revealed": ("is revealed", "公開された"),
    "state": ("its condition holds", "条件を満たした"),
}
TIMED_WORDS = {"mission_end": ("at the end of the mission phase", "ミッションフェイズ終了時"),
               "battle_end": ("at the end of the battle", "バトル終了時"),
               "phase_start": ("at the start of the {phase}", "{phase_ja}開始時")}


def timed_words(t: dict) -> tuple[str, str]:
    """(English, Japanese) for the point a delayed ability names, with its phase and whose
    turn."""
    en, ja = TIMED_WORDS[t["timed"]]
    ph_en, ph_ja = PHASE_WORDS.get(t.get("phase", ""), ("", ""))
    return in_turn_words(en.format(phase=ph_en), ja.format(phase_ja=ph_ja), t,
                         t.get("controller"), opponent)

# the timed auto abilities effects create (908.4) wait in the core's one store of created
# triggers (judgekit.engine.effects.delayed), on `board.timed`, each naming its point as `timed:`
TIMED = Store("timed", key="timed", record=lambda st, added, t: {
    "op": "timed+", "source": t.get("source") or ""} if added else None)


VALIDITY = {"chara": "903.1c", "account": "903.1a", "mission": "903.1b"}


def dormant(g, moved=()) -> list:
    """Auto abilities of cards in public zones that are not valid there (903.2: they do not
    trigger); the cards of the move itself are left to the look-back of 908.3d."""
    out = []
    b = g.b
    for z, ids in b.zones.items():
        if not b.is_public(z) or zone_kind(z) in ("temporary", "scout"):
            continue
        for i in ids:
            if i in moved:
                continue
            c = b.cards[i]
            for idx, ab in enumerate(abilities(c)):
                if AUTO in ab and ab[AUTO] != "state" and not is_valid(g, c, ab):
                    out.append((c, idx, ab, g.snap(c)))
    return out


def listeners(g) -> list:
    """(card, index, ability) of every valid auto ability (903.2: invalid ones do not
    trigger), with the card's snapshot where it is now."""
    out = []
    b = g.b
    for z, ids in b.zones.items():
        if zone_kind(z) in ("temporary", "scout", "deck", "hand", "keep"):
            continue
        for i in ids:
            c = b.cards[i]
            for idx, ab in enumerate(abilities(c)):
                if AUTO in ab and ab[AUTO] != "state" and is_valid(g, c, ab):
                    out.append((c, idx, ab, g.snap(c)))
    return out


# ---- from events to triggered instances ---------------------------------------------------
@REGISTRY.rule("908.1", "908.1b", "908.3a", "908.3b", "908.3c", "908.3d", "502.2", "1109.1",
               "1109.2", "1202.3")
def on_moves(g, infos, reason: str, info: dict, look_back) -> None:
    """The events a simultaneous move is, and the abilities they trigger."""
    retired, others = [], []
    for mi in infos:
        fk, tk = zone_kind(mi.frm), zone_kind(mi.to)
        # 502.2 / 502.2a: leaving the temporary or the scout zone counts as leaving the zone
        # the card was in before them
        frm = (info.get("origin") or mi.card.origin or fk) if fk in ("temporary", "scout") else fk
        base = {"card": mi.snap, "from": frm, "zone": tk, "source": info.get("source"),
                "cause": info.get("cause"), "attacker": info.get("attacker")}
        base.update(info.get("per_card", {}).get(mi.card.id, {}))
        base["by"] = _by(g, base)
        if fk in ("temporary", "scout"):
            base["via"] = fk
        if fk == "area" and tk != "area" and reason == "retire":
            retired.append({**base, "kind": "retired", "player": mi.snap["controller"]})
        after = {**base, "card": _about(g, mi)}
        if fk != "area" and tk == "area":
            others.append({**after, "kind": "enters", "player": mi.card.controller})
        if tk not in ("area", "temporary", "scout"):
            others.append({**after, "kind": "put_into", "player": zone_player(mi.to)})
    moved = {mi.card.id for mi in infos}
    if retired:
        dispatch(g, retired, look_back if look_back is not None else listeners(g),
                 sleepers=dormant(g, moved), together=moved)
    if others:
        dispatch(g, others, listeners(g), sleepers=dormant(g, moved), together=moved)


def _about(g, mi) -> dict:
    """908.3a: the parameters a zone-change trigger reads — the public zone's for a move
    between a public and a hidden zone, the area's for a move out of the areas, otherwise the
    destination's."""
    from ..effects.zones import reads_before
    from .params import ZONES

    return mi.snap if reads_before(ZONES, mi.frm, mi.to) else g.snap(mi.card)


def once_key(c, idx: int) -> str:
    """An ability of one card object: a card that changed zones is a new card (501.4)."""
    return f"{ability_key(c, idx)}@{c.incarnation}"


def revealed(g, cards: list, player: str) -> None:
    """公開した: each card revealed (1108.1, by an effect, a scout 1115.1, アクセル 1201.2, or the
    play of a hidden card 904.2b) is an event, matched where the card is when revealed."""
    emit(g, [{"kind": "revealed", "card": g.snap(c), "player": player} for c in cards])


def emit(g, events: list[dict]) -> None:
    """Events that are not zone moves (attacks, phase starts, damage, LvUP, …)."""
    if events:
        dispatch(g, events, listeners(g), sleepers=dormant(g))


def dispatch(g, events: list[dict], lst: list, *, skip=(), sleepers=(), together=()) -> list:
    """Trigger every listener whose event is among `events`. Returns the abilities triggered
    (once_key). `skip`: abilities that may not trigger again (704.5, 806.3)."""
    hits = []
    for ev in events:
        for holder, idx, ab, snap in lst:
            if ab[AUTO] == ev["kind"] and once_key(holder, idx) not in skip and \
                    _match(g, holder, snap, ab, ev):
                hits.append((ev, holder, idx, ab, snap))
    per_batch: dict = {}
    for ev, holder, idx, _, _ in hits:
        k = (holder.id, idx, ev["kind"])
        per_batch[k] = per_batch.get(k, 0) + 1
    out = []
    for ev, holder, idx, ab, snap in hits:
        about = (ev.get("card") or {}).get("id")
        trigger(g, holder, idx, ab, ev, snap, per_batch[(holder.id, idx, ev["kind"])],
                with_it=holder.id in together and about not in (None, holder.id))
        out.append(once_key(holder, idx))
    told = set()
    for ev in events:
        for holder, idx, ab, snap in sleepers:
            if ab[AUTO] == ev["kind"] and (holder.id, idx) not in told and \
                    _match(g, holder, snap, ab, ev):
                told.add((holder.id, idx))
                cl = VALIDITY.get(holder.type or "chara", "903.1c")
                g.note("trigger", ("903.2", cl),
                       f"{holder.id}'s auto ability {idx + 1} would trigger, but it is not valid "
                       f"in {zone_words(holder.zone)} ({cl}): it does not trigger.",
                       f"{holder.id}の自動能力{idx + 1}は、{zone_words(holder.zone, 'ja')}では有効"
                       f"ではないため（{cl}）、誘発しません。", cards=(holder.id,))
    return out


def _match(g, holder, hsnap: dict, ab: dict, ev: dict) -> bool:
    if "cards" in ev:  # an event about several cards (a battle's end): any of them
        base = {k: v for k, v in ev.items() if k != "cards"}
        if ab.get("of") in (None, "any"):
            return _match(g, holder, hsnap, ab, base)
        return any(_match(g, holder, hsnap, ab, {**base, "card": c}) for c in ev["cards"])
    ctrl = hsnap["controller"]
    card = ev.get("card")
    of = ab.get("of")
    if card is not None and of is not None and of != "any":
        if of == "self":
            if card["id"] != holder.id:
                return False
        elif of == "other":
            if card["id"] == holder.id:
                return False
        elif not _snap_matches(g, card, of, holder, ctrl):
            return False
    elif card is None and of == "self":
        return False
    if "player" in ab and ev.get("player") is not None:
        want = {"you": ctrl, "opponent": opponent(ctrl)}.get(ab["player"])
        if want is not None and ev["player"] != want:
            return False
    if ev["kind"] == "put_into" and "zone" in ab and ab["zone"] != ev.get("zone"):
        return False
    if "from" in ab and ab["from"] != ev.get("from"):
        return False
    if "phase" in ab and ab["phase"] != ev.get("phase"):
        return False
    if ev["kind"] == "retired" and not (cause_matches(ab.get("cause"), ev.get("cause"))
                                        and by_matches(ab.get("by"), ev.get("by"), ctrl)):
        return False
    return True


def _by(g, ev: dict) -> str | None:
    """Whose card made the event happen: the controller of its source (the effect's card, or
    the attacking chara in battle) as the event happens."""
    src = ev.get("source") or ev.get("attacker")
    c = g.b.cards.get(src or "")
    return c.controller if c is not None else None


def _snap_matches(g, snap: dict, flt: dict, holder, ctrl: str) -> bool:
    """A filter on the card an event is about, read from its snapshot (908.3a: where it was
    for a 退場, where it is for anything else)."""
    c = g.b.cards.get(snap["id"])
    if c is None:
        return False
    saved = {k: getattr(c, k) for k in ("zone", "controller", "state", "damage")}
    try:
        for k in saved:
            if k in snap:
                setattr(c, k, snap[k])
        return matches(g, c, {**flt, "zone": flt.get("zone", zone_kind(snap["zone"]))},
                       holder, ctrl)
    finally:
        for k, v in saved.items():
            setattr(c, k, v)


def trigger(g, holder, idx: int, ab: dict, ev: dict, snap: dict, batch: int = 1,
            timed: dict | None = None, with_it: bool = False) -> None:
    """The ability becomes triggered once more (908.1, 908.1b)."""
    g.seq += 1
    ctrl = (timed or {}).get("controller") or snap["controller"]
    # the card as it was when the event happened (908.6): for a 退場, the chara in the area
    inst = Pending(holder.id, idx, ab, ctrl, ev, snap, snap.get("incarnation", holder.incarnation),
                   timed, g.seq)
    already = g.pending_abilities.get((holder.id, idx), 0)
    g.add_pending(inst)
    g.change({"op": "trigger+", "trigger": inst.label()})
    en_w, ja_w = EVENT_WORDS.get(ev["kind"], (ev["kind"], ev["kind"]))
    about = (ev.get("card") or {}).get("id")
    cites = ["908.1"]
    if already:
        cites.append("908.1b")
    if batch > 1 and ev["kind"] == "put_into":
        cites.append("908.3c")
    if ev["kind"] == "retired":
        cites.append("908.3d")
    if with_it:
        cites.append("908.3b")  # it moved together with the card the event is about
    if timed is not None:
        cites.append("908.4a")
    if ev["kind"] == "state":
        cites.append("908.5a")
    if ev["kind"] in ("enters", "put_into"):
        cites.append("908.3a")
    if timed is None:
        cites.append(VALIDITY.get(holder.type or "chara", "903.1c"))
    kw = ab.get("keyword")
    reads = list(KEYWORD_READINGS.get(kw, ()))
    if kw:
        cites += KEYWORD_CLAUSES[kw]
    if ev.get("via"):
        cites.append("502.2")
        if kw == "encount":
            cites.append("1202.3")
            reads.append("encount-via-scout")
    what = "delayed ability" if timed is not None else \
        (KEYWORD_WORDS[kw][0] if kw else f"auto ability {idx + 1}")
    g.note("trigger", tuple(cites),
           f"{holder.id}'s {what} triggers ({about + ' ' if about else ''}{en_w})"
           + (f"; it is now triggered {already + 1} times (908.1b)" if already else "") + ".",
           f"{holder.id}の{'時限型自動能力' if timed is not None else (KEYWORD_WORDS[kw][1] if kw else f'自動能力{idx + 1}')}が誘発します"
           f"（{about + 'が' if about else ''}{ja_w}）"
           + (f"。誘発状態は{already + 1}回になります" if already else "") + "。",
           cards=(holder.id,), player=ctrl, readings=tuple(reads))


# ---- state-triggered (908.5) and delayed (908.4) abilities -----------------------------------
@REGISTRY.rule("908.5a")
def check_state_triggers(g) -> None:
    """908.5a: a state-triggered ability triggers while its condition holds and it is not
    already triggered."""
    b = g.b
    for z, ids in b.zones.items():
        if not b.is_public(z):
            continue
        for i in list(ids):
            c = b.cards[i]
            for idx, ab in enumerate(abilities(c)):
                if ab.get(AUTO) != "state" or not is_valid(g, c, ab):
                    continue
                if g.pending_abilities.get((c.id, idx)):
                    continue
                cond = {k: v for k, v in ab.items() if k == "condition"}.get("condition")
                if cond is not None and condition(g, cond, c.controller, c):
                    trigger(g, c, idx, ab, {"kind": "state", "player": c.controller},
                            g.snap(c))


def state_trigger_due(g) -> bool:
    b = g.b
    for z, ids in b.zones.items():
        if not b.is_public(z):
            continue
        for i in ids:
            c = b.cards[i]
            for idx, ab in enumerate(abilities(c)):
                if ab.get(AUTO) == "state" and is_valid(g, c, ab) and \
                        not g.pending_abilities.get((c.id, idx)) and \
                        condition(g, ab["condition"], c.controller, c):
                    return True
    return False


@REGISTRY.rule("908.4a", "914.2a")
def _due(g, phase: str | None):
    """A timed ability's point has come: of this phase, if it names one, and in the turn of
    the player it names, if it names one."""
    return of_phase_and_turn(phase, g.b.turn_player)


def fire_timed(g, when: str, phase: str | None = None) -> None:
    """908.4a: the delayed abilities created for this point trigger once each (reading
    delayed-source-moved: wherever the card that created them is now)."""
    b = g.b
    for t in TIMED.each(g, when, _due(g, phase)):
        src = t.get("source")
        holder = b.cards.get(src) if src else None
        if holder is None:
            continue
        g.reading("delayed-source-moved")
        trigger(g, holder, -1, {"effect": t["effect"], "text": t.get("text", "")},
                {"kind": when, "player": t.get("controller")}, g.snap(holder), timed=t)


def timed_due(g, when: str, phase: str | None = None) -> bool:
    return bool(TIMED.waiting(g, when, _due(g, phase)))


def untriggered(g, kind: str, done: list) -> list:
    """Valid abilities of this event kind that have not triggered yet (704.5, 806.3)."""
    return [(c, i, ab, s) for c, i, ab, s in listeners(g)
            if ab[AUTO] == kind and once_key(c, i) not in done]


# ---- the file's pending triggers ---------------------------------------------------------------
def pending_from_board(g) -> None:
    b = g.b
    for t in b.triggers:
        c = b.cards.get(t["card"])
        if c is None:
            continue
        idx = t.get("ability", 1) - 1
        abl = abilities(c)
        if not 0 <= idx < len(abl) or AUTO not in abl[idx]:
            continue
        ev = {"kind": abl[idx][AUTO]}
        about = b.cards.get((t.get("event") or {}).get("card", ""))
        if about is not None:
            ev["card"] = g.snap(about)  # the card the event was about (event_card)
        for _ in range(t.get("count", 1)):
            g.seq += 1
            g.add_pending(Pending(c.id, idx, abl[idx], t.get("controller") or c.controller, ev,
                                  g.snap(c), c.incarnation, None, g.seq))
    b.triggers = []


