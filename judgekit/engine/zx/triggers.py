"""Auto abilities (808): events, triggering and the pending list (played and resolved by
702.2b, judgekit.engine.zx.procedure).

An event is a dict: kind (appears, destroyed, leaves_square, put_into, life_decreased, …),
the card it is about (a last-known snapshot, 813), the player it concerns, and cause data
(source card, effect key, battle). Listeners are the enabled auto abilities; events about a
card leaving a zone are matched against the abilities as they were before the move (808.3a,
808.3d), events about a card arriving against the abilities after it (808.3b: cards arriving
together see each other).
"""

from __future__ import annotations

from .model import Card, opponent, zone_kind, zone_player
from ..pending import Pending as CorePending
from ..effects.delayed import Store, in_turn_words, of_phase_and_turn
from ..effects.events import by_matches, cause_matches
from .clauses import REGISTRY
from .keyword_defs import CLAUSE, expand
from .params import AUTO, ability_cards, ability_key, condition, enabled, matches, power

LEAVE_KINDS = ("leaves_square", "destroyed", "life_decreased", "discarded")
EVENT_WORDS = {
    "appears": ("appears", "登場した"), "destroyed": ("is destroyed", "破壊された"),
    "leaves_square": ("leaves the squares", "スクエアを離れた"),
    "put_into": ("is put into a zone", "ゾーンに置かれた"),
    "life_decreased": ("life decreases", "ライフが減少した"),
    "life_increased": ("life increases", "ライフが増加した"),
    "attacks": ("attacks", "攻撃した"), "attacked": ("is attacked", "攻撃された"),
    "battle_start": ("a battle starts", "バトル開始時"), "battle_end": ("the battle ends", "バトル終了時"),
    "turn_end": ("the turn ends", "ターン終了時"), "phase_start": ("a phase starts", "フェイズ開始時"),
    "game_start": ("the game starts", "ゲーム開始時"), "sleeps": ("is put to sleep", "スリープした"),
    "reboots": ("is rebooted", "リブートした"), "discarded": ("cards are discarded", "手札を捨てた"),
    "damaged": ("is dealt damage", "ダメージを与えられた"),
    "played": ("is played", "プレイされた"),
    "state": ("its condition holds", "条件を満たした"),
}

TIMED_WORDS = {
    "turn_end": ("at the end of the turn", "ターン終了時"),
    "battle_end": ("at the end of the battle", "バトル終了時"),
    "destroyed_by_this": ("this ability's damage destroyed a zekusu",
                          "この能力によるダメージでゼクスを破壊した時"),
    "phase_start": ("the {phase} phase starts", "{phase_ja}開始時"),
}
PHASE_JA = {"reboot": "リブートフェイズ", "draw": "ドローフェイズ", "resource": "リソースフェイズ",
            "ignition": "イグニッションフェイズ", "main": "メインフェイズ", "end": "エンドフェイズ"}


def timed_words(t: dict, words: dict = TIMED_WORDS) -> tuple[str, str]:
    """(English, Japanese) for the point a timed ability names, with its phase and whose turn."""
    en, ja = words.get(t["timed"], (t["timed"], t["timed"]))
    ph = t.get("phase", "")
    return in_turn_words(en.format(phase=ph), ja.format(phase_ja=PHASE_JA.get(ph, ph)), t,
                         t.get("controller"), opponent)


# the timed auto abilities effects create (808.4) wait in the core's one store of created
# triggers (judgekit.engine.effects.delayed), on `board.timed`, each naming its point as `timed:`
TIMED = Store("timed", key="timed", record=lambda st, added, t: {
    "op": "timed+" if added else "timed-", "timed": t["timed"], "source": t.get("source")})


class Pending(CorePending):
    """A triggered Z/X auto ability (808.1b); `self_incs` are the incarnations of its card in
    which 「このカード」 still means that card (the zone it triggered in, and where it is now)."""

    __slots__ = ("self_incs",)

    def __init__(self, card: str, idx: int, ability: dict, controller: str, event: dict,
                 lki: dict, inc_at: int, self_incs: tuple, timed: dict | None, seq: int) -> None:
        super().__init__(card, idx, ability, controller, event, lki, inc_at, timed, seq)
        self.self_incs = self_incs


def _destroyed_waiters(g) -> frozenset:
    """The cards with an auto ability waiting for a destruction (looked at again when the game
    has a card more or less)."""
    n = len(g.b.cards)
    cached = getattr(g, "_destroyed_idx", None)
    if cached is None or cached[0] != n:
        cached = g._destroyed_idx = (n, frozenset(
            c.id for c in g.b.cards.values()
            if any(expand(a).get(AUTO) == "destroyed" for a in c.abilities)))
    return cached[1]


def listeners(g, kinds=None) -> list[tuple[Card, int, dict]]:
    """Auto abilities that could trigger now (only those waiting for one of `kinds` of event,
    when given: the others cannot match, and judging whether they work is the costly part).
    Abilities whose 「ターン X」 limit is used up are included so that the trace can say why
    they do not trigger (803.1d)."""
    out = []
    for c in ability_cards(g):
        for i, ab in enumerate(c.abilities):
            ab = expand(ab)
            kind = ab.get(AUTO)
            if kind is not None and kind != "state" and (kinds is None or kind in kinds):
                if enabled(g, c, i, ab) or (ab.get("limit") and enabled(
                        g, c, i, {k: v for k, v in ab.items() if k != "limit"})):
                    out.append((c, i, ab))
    return out


# ---- events -----------------------------------------------------------------------------------

class LookBack:
    """What a simultaneous move looked like before any of its cards moved (808.3a/808.3d):
    the auto abilities that could trigger then, and the parameters of the cards it takes off
    the squares."""

    __slots__ = ("listeners", "snaps")

    def __init__(self, listeners: list, snaps: dict) -> None:
        self.listeners = listeners
        self.snaps = snaps


@REGISTRY.rule("808.1", "808.1b", "808.3a", "808.3b", "808.3c", "808.3d", "1011.1", "1011.2")
def on_moves(g, infos, reason: str, info: dict, pre) -> None:
    """Turn a batch of moves into events and trigger what waits for them."""
    leave_events, enter_events = [], []
    moved_snap = {}
    before = pre.snaps if pre is not None else {}
    per_card = info.get("per_card", {})
    for mi in infos:
        snap = before.get(mi.card.id, mi.snap)
        moved_snap[mi.card.id] = snap
        ci = per_card.get(mi.card.id, info)  # each destroyed card's own cause (1203, 1204)
        fk, tk = zone_kind(mi.frm), zone_kind(mi.to)
        base = {"card": snap, "inc_after": mi.inc_after, "from": fk, "zone": tk,
                "source": ci.get("source"), "effect_key": ci.get("effect_key"),
                "cause": ci.get("cause"), "by_damage": ci.get("by_damage", False)}
        src = g.b.cards.get(ci.get("source") or "")
        base["by"] = src.controller if src is not None else None
        if fk == "square" and tk != "square":
            leave_events.append({**base, "kind": "leaves_square", "player": snap["controller"]})
            if reason == "destroy":
                leave_events.append({**base, "kind": "destroyed",
                                     "player": snap["controller"],
                                     "attacker": ci.get("attacker")})
        if fk != "square" and tk == "square":
            frm = info.get("from_zone", fk)  # 1006.2: a played card appears from where it was
            enter_events.append({**base, "kind": "appears", "from": frm,
                                 "player": mi.card.controller})
        if tk != "square":
            enter_events.append({**base, "kind": "put_into", "player": zone_player(mi.to)})
        if fk == "life":
            leave_events.append({**base, "kind": "life_decreased", "player": zone_player(mi.frm)})
        if tk == "life":
            enter_events.append({**base, "kind": "life_increased", "player": zone_player(mi.to)})
        if reason == "discard":
            leave_events.append({**base, "kind": "discarded", "player": zone_player(mi.frm)})
        if reason == "destroy" and any(a.get("static") == "charge_limit" for a in
                                       mi.card.abilities):
            g.limit_source_left = True
        elif fk == "square" and tk != "square" and any(a.get("static") == "charge_limit"
                                                       for a in mi.card.abilities):
            g.limit_source_left = True
    if leave_events:
        _dispatch(g, leave_events, pre.listeners if pre is not None else listeners(g),
                  moved_snap)
        if pre is not None and reason == "destroy":
            _not_then(g, [e for e in leave_events if e["kind"] == "destroyed"], pre.listeners,
                      moved_snap)
    if enter_events:
        _dispatch(g, enter_events, listeners(g, {e["kind"] for e in enter_events}), moved_snap)
    if reason == "destroy":
        _timed_destroyed(g, [e for e in leave_events if e["kind"] == "destroyed"])


def _not_then(g, events, before, moved_snap) -> None:
    """808.3d: whether a card has a destruction-triggered ability, and whether it is enabled,
    is judged as things were while the destroyed zekusu was on the square. An ability that
    would trigger as things are now but was not enabled then (a condition that held only once
    the zekusu had gone: 「[ディアボロス]である限り」 while another card made it something
    else) does not trigger; the run says so."""
    waiting = _destroyed_waiters(g)
    if not waiting:
        return
    had = {(c.id, i) for c, i, _ in before}
    late = []
    for cid in waiting:
        holder = g.b.cards.get(cid)
        if holder is None:
            continue
        for idx, ab in enumerate(holder.abilities):
            ab = expand(ab)
            if ab.get(AUTO) == "destroyed" and (cid, idx) not in had:
                late.append((holder, idx, ab))
    for holder, idx, ab in late:
        if not enabled(g, holder, idx, ab):
            continue
        for ev in events:
            if _match(g, holder, ab, ev, moved_snap):
                about = ev["card"]["id"]
                g.note("trigger", ("808.3d",),
                       f"{holder.id}'s auto ability {idx + 1} waits for this destruction, but "
                       f"while {about} was on the square it was not enabled: whether a card has "
                       "the ability and whether it is enabled is judged as it was then (808.3d), "
                       "so it does not trigger.",
                       f"{holder.id}の自動能力{idx + 1}はこの破壊を事象としますが、{about}が"
                       "スクエアにある時点では有効ではありませんでした。能力を持つか、有効であるかは"
                       "その時点の状態で判定するため（808.3d）、誘発しません。",
                       cards=(holder.id, about))
                break


def emit(g, events: list[dict]) -> None:
    """Events that are not zone moves (attacks, phase starts, sleeps, …)."""
    if events:
        _dispatch(g, events, listeners(g, {e["kind"] for e in events}), {})


def emit_one(g, kind: str, make) -> None:
    """One event of `kind` whose description is costly (a card's last-known information):
    `make()` builds it only when some auto ability waits for that kind."""
    lst = listeners(g, {kind})
    if lst:
        _dispatch(g, [make()], lst, {})


def _dispatch(g, events, lst, moved_snap) -> None:
    hits = []
    for ev in events:
        for holder, idx, ab in lst:
            if ab[AUTO] == ev["kind"] and _match(g, holder, ab, ev, moved_snap):
                hits.append((ev, holder, idx, ab))
    # 808.3c: an ability waiting for cards moving to a zone triggers once per card of one
    # simultaneous move that it waits for
    times: dict = {}
    for ev, holder, idx, _ in hits:
        k = (holder.id, idx, ev["kind"])
        times[k] = times.get(k, 0) + 1
    for ev, holder, idx, ab in hits:
        # the holder's information where it was when the event happened (808.6): for a
        # card leaving a zone, the zone it left (its snapshot before the move); for a card
        # arriving (登場した時, …), the zone it arrived in, where it is now
        snap = moved_snap.get(holder.id) if ev["kind"] in LEAVE_KINDS else None
        lim = ab.get("limit")
        if lim is not None and g.b.used.get(ability_key(holder, idx), 0) >= lim:
            g.note("trigger", ("803.1d",),
                   f"{holder.id}'s auto ability {idx + 1} would trigger, but it has already "
                   f"been resolved {lim} time(s) this turn (「ターン {lim}」): it is not enabled.",
                   f"{holder.id}の自動能力{idx + 1}は、このターンすでに{lim}回解決されているため"
                   "（「ターン " + str(lim) + "」）、有効ではなく誘発しません。", cards=(holder.id,))
            continue
        _trigger(g, holder, idx, ab, ev, snap, times[(holder.id, idx, ev["kind"])],
                 holder.id in moved_snap)


def _match(g, holder: Card, ab: dict, ev: dict, moved_snap) -> bool:
    if "cards" in ev:  # an event about several cards (a battle's start and end): any of them
        base = {k: v for k, v in ev.items() if k != "cards"}
        if ab.get("of") in (None, "any"):
            return _match(g, holder, ab, base, moved_snap)
        return any(_match(g, holder, ab, {**base, "card": c}, moved_snap) for c in ev["cards"])
    ctrl = moved_snap.get(holder.id, {}).get("controller", holder.controller)
    kind = ev["kind"]
    card = ev.get("card")
    of = ab.get("of")
    if card is None and of not in (None, "any"):
        return False  # e.g. 「このカードが攻撃された時」 does not trigger when the player is attacked
    if card is not None and of is not None:
        if of == "self":
            if card["id"] != holder.id:
                return False
        elif of == "other":
            if card["id"] == holder.id:
                return False
        elif isinstance(of, dict):
            view, pw = _view(g, card, ev)
            if kind == "played" and "zone" not in of:
                of = {**of, "zone": zone_kind(view.zone)}  # a card played is matched where it is
            if not matches(g, view, of, ctrl, holder, known_power=pw):
                return False
    who = ab.get("player")
    if who and who != "any" and ev.get("player") is not None:
        want = ctrl if who == "you" else opponent(ctrl)
        if ev["player"] != want:
            return False
    if kind == "put_into" and "zone" in ab and ev.get("zone") != ab["zone"]:
        return False
    if "from" in ab and ev.get("from") != ab["from"]:
        return False
    if kind == "phase_start" and "phase" in ab and ev.get("phase") != ab["phase"]:
        return False
    if kind in ("destroyed", "damaged") and not (
            cause_matches(ab.get("cause"), ev.get("cause"))
            and (by_self(holder, ev) if ab.get("by") == "self"
                 else by_matches(ab.get("by"), ev.get("by"), ctrl))):
        return False
    return True


def by_self(holder: Card, ev: dict) -> bool:
    """「このカードが…破壊した時」: this card destroyed it — in battle, the zekusu that dealt the
    battle damage (1203.2); by an effect, the effect's source."""
    return (ev.get("attacker") or ev.get("source")) == holder.id


def _view(g, snap: dict, ev: dict) -> tuple[Card, int | None]:
    """A card as the event sees it (808.3a), for filter matching, and its power: a card that
    left the squares as it was on the square it left (its snapshot, 808.3d); otherwise as it
    is in the zone it moved to."""
    c = Card(snap["id"], name=snap["name"], type=snap["type"], owner=snap["owner"],
             controller=snap["controller"], state=snap["state"], races=snap["races"],
             colors=snap["colors"], icons=snap["icons"], token=snap["token"])
    real = g.b.cards.get(snap["id"])
    leaving = ev["kind"] in LEAVE_KINDS
    c.zone = snap["zone"] if leaving or real is None else real.zone
    pw = snap.get("power")
    if real is not None:
        c.cost = real.cost
        c.power = real.power
        if not leaving and real.is_zekusu:
            pw = power(g, real)
    return c, pw


def _trigger(g, holder: Card, idx: int, ab: dict, ev: dict, snap: dict | None, times: int,
             moved_too: bool = False) -> None:
    lki = snap if snap is not None else g.snap(holder)
    incs = (lki["incarnation"], holder.incarnation)
    g.seq += 1
    inst = Pending(holder.id, idx, ab, lki["controller"], ev, lki, lki["incarnation"], incs,
                   None, g.seq)
    again = g.pending_abilities.get((inst.card, inst.idx), 0) > 0
    g.add_pending(inst)
    cites = ["808.1"]
    why, why_ja = [], []
    if again:
        cites.append("808.1b")
    kind = ev["kind"]
    if kind in ("appears", "put_into", "destroyed", "leaves_square"):
        if times > 1:
            cites.append("808.3c")
            why.append(f"{times} cards did so at the same time: it triggers {times} times "
                       "(808.3c)")
            why_ja.append(f"{times}枚が同時に移動したため{times}回誘発します（808.3c）")
        if ev.get("card") and ev["card"]["id"] != holder.id and moved_too:
            cites.append("808.3b")
            why.append(f"{holder.id} moved at the same time and sees the move (808.3b)")
            why_ja.append(f"{holder.id}も同時に移動したため、その移動を事象として誘発します（808.3b）")
    if kind == "destroyed":
        cites.append("808.3d")
        if ab.get("by") not in (None, "any") and ev.get("cause") == "battle":
            # this card — or a card of the player `by` names — destroyed it in battle: the
            # zekusu that dealt the battle damage (1203.2)
            cites.append("1203.2")
    if kind == "life_decreased":
        cites.append("1011.1")
    elif kind == "life_increased":
        cites.append("1011.2")
    elif kind == "played":
        cites.append("804.2h")  # the card counts as played when the play's actions end
    if kind in LEAVE_KINDS and isinstance(ab.get("of"), dict):
        cites.append("808.3a")  # the card's parameters as they were in the zone it left
    if ab.get("_kw"):
        cites.append(CLAUSE[ab["_kw"]])  # a keyword ability: the clause that says what it means
    about = ev.get("card", {}) or {}
    en_ev, ja_ev = EVENT_WORDS.get(kind, (kind, kind))
    what = f" ({about.get('id')} {en_ev})" if about.get("id") else f" ({en_ev})"
    name = f"《{lki['name']}》" if lki.get("name") else ""
    g.change({"op": "trigger+", "trigger": inst.label()})
    g.note("trigger", cites,
           f"{holder.id}{name}'s auto ability {idx + 1} triggers{what}"
           + "".join(f"; {w}" for w in why) + ".",
           f"{holder.id}{name}の自動能力{idx + 1}が誘発しました（{about.get('id', '')}"
           f"{ja_ev}）" + "".join(f"。{w}" for w in why_ja) + "。", cards=(holder.id,),
           player=lki["controller"])


@REGISTRY.rule("808.4", "808.4a", "808.4b")
def fire_timed(g, at: str, phase: str | None = None) -> None:
    """808.4a: timed abilities of `at` (turn_end / battle_end / phase_start of `phase`) trigger
    once and are used up."""
    for t in TIMED.each(g, at, _due(g, phase)):
        _fire_one(g, t, {"kind": at, **({"phase": phase} if phase else {})})


def _due(g, phase: str | None):
    """A timed ability's point has come: of this phase, if it names one, and in the turn of
    the player it names, if it names one."""
    return of_phase_and_turn(phase, g.b.turn_player)


def timed_waiting(g, at: str, phase: str | None = None) -> list:
    """The timed abilities whose point `at` has come now (808.4a), still waiting."""
    return TIMED.waiting(g, at, _due(g, phase))


def _timed_destroyed(g, events) -> None:
    if not g.b.timed or not events:
        return
    for ev in events:
        key = ev.get("effect_key")
        if not key or not ev.get("by_damage"):
            continue  # 「この能力によるダメージで…破壊した時」: destruction by this ability's damage
        turn = _due(g, None)  # whose turn, if it names one
        for t in TIMED.each(g, "destroyed_by_this",
                            lambda t: t.get("_effect_key") == key and turn(t)):
            _fire_one(g, t, ev)


def _fire_one(g, t: dict, ev: dict) -> None:
    """A timed ability, already taken out of the store (808.4a: once), triggers."""
    src = g.b.cards.get(t.get("source", ""))
    ab = {"auto": t["timed"], "effect": t["effect"], "text": t.get("text", "")}
    if src is None:
        src = Card(t.get("source", "?"), owner=t.get("controller", "P1"))
    holder = src
    g.seq += 1
    lki = g.snap(holder) if holder.id in g.b.cards else {
        "id": holder.id, "name": "", "controller": t.get("controller", "P1"),
        "incarnation": -1, "zone": ""}
    lki = dict(lki)
    lki["controller"] = t.get("controller", lki["controller"])
    inst = Pending(holder.id, -1, ab, lki["controller"], ev, lki, -1, (), t, g.seq)
    g.add_pending(inst)
    g.change({"op": "trigger+", "trigger": inst.label()})
    cites = ["808.4", "808.4a"]
    if holder.id in g.b.cards and holder.incarnation != t.get("_src_inc", holder.incarnation):
        cites.append("808.4b")
    en_at, ja_at = timed_words(t)
    g.note("trigger", cites,
           f"The timed auto ability created by {holder.id} triggers ({en_at}).",
           f"{holder.id}が作成した時限型自動能力が誘発しました（{ja_at}）。",
           cards=(holder.id,), player=lki["controller"])


@REGISTRY.rule("808.5a")
def check_state_triggers(g) -> None:
    """808.5a: state-type abilities trigger while their condition holds and they are not
    already triggered."""
    for c in ability_cards(g):
        for i, ab in enumerate(c.abilities):
            if ab.get(AUTO) != "state" or not enabled(g, c, i, ab):
                continue
            if g.pending_abilities.get((c.id, i), 0):
                continue  # already triggered (808.5a)
            cond = ab.get("condition") or {}
            if condition(g, cond, c.controller, c):
                g.seq += 1
                inst = Pending(c.id, i, ab, c.controller, {"kind": "state"}, g.snap(c),
                               c.incarnation, (c.incarnation,), None, g.seq)
                g.add_pending(inst)
                g.change({"op": "trigger+", "trigger": inst.label()})
                g.note("trigger", ("808.5a",),
                       f"{c.id}'s state-type auto ability {i + 1} triggers: its condition holds.",
                       f"{c.id}の状態型自動能力{i + 1}が、条件を満たしているため誘発しました。",
                       cards=(c.id,), player=c.controller)


def pending_from_board(g) -> None:
    """Triggered abilities written in the file (board.triggers) become pending instances."""
    b = g.b
    for t in b.triggers:
        c = b.cards.get(t["card"])
        if c is None:
            continue
        idx = t.get("ability", 1) - 1
        if idx >= len(c.abilities):
            continue
        ev = dict(t.get("event", {}))
        evd = {"kind": ev.get("kind", c.abilities[idx].get("auto", "")), "player": ev.get("player")}
        if ev.get("card") in b.cards:
            ec = b.cards[ev["card"]]
            evd["card"] = g.snap(ec)
            evd["inc_after"] = ec.incarnation
        for _ in range(t.get("count", 1)):
            g.seq += 1
            inst = Pending(c.id, idx, c.abilities[idx], t.get("controller", c.controller), evd,
                           g.snap(c), c.incarnation, (c.incarnation,), None, g.seq)
            g.add_pending(inst)
    b.triggers = []
