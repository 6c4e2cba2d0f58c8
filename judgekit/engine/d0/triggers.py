"""Triggered abilities (第4部第4章, 第8章): what triggers on an event, and putting them on the stack.

* Triggering (4.8.1, 4.4.2): when its event happens the ability triggers by itself and waits
  (nothing happens yet). Its controller is its source's controller (4.8.1). Once per occurrence
  (4.8.6). A conditional ability triggers only if its condition holds (4.4.3, 4.8.8).
  「スクエアに置かれた時」 also triggers square to square, 「手札からスクエアに置かれた時」 also when
  played from the hand (4.8.9); every card on the squares checks each such event, the cards just
  put there included (4.8.10-1). An ability that triggers on leaving the squares looks back at
  its card as it was (4.8.11). 「ターン終了時」 and 「リカバリーフェイズの開始時」 trigger once per turn
  (4.4.4). A revealed hand card's ability (4.8.12) and state triggers (4.8.13) have rules of
  their own.
* Stacking (4.8.2–4.8.4): the procedure before priority puts every waiting ability on the stack at
  once, the active player's first in the order that player chooses, then the non-active
  player's (4.8.3); each makes its choices as it goes on, with no legal target it is removed
  (4.8.4, 4.11.3).
"""

from __future__ import annotations

from ..choices import Request
from ..effects.events import by_matches, cause_matches
from ..effects import delayed as _delayed
from ..effects.delayed import of_phase_and_turn
from .clauses import REGISTRY
from .effects import Ctx, choose_targets, condition_holds, target_specs
from .items import Pending
from .model import StackItem, area_of, is_square, opponent
from ..effects.zones import reads_before
from .geometry import is_public
from .values import (ZONE_EFFECT_ZONES, ZONES, Ref, colors, geo_cites, in_its_zone, look,
                     matches, text_enabled, text_works)

_rule = REGISTRY.rule
_ONCE = ("turn_end",)


def _sources(g):
    """Cards on the squares whose text works (2.20.1-7, 2.20.2-5)."""
    for c in g.b.on_squares():
        if not g.b.is_attached(c) and text_works(c):
            yield c


def _enabled(g, src, ab: dict, controller: str) -> bool:
    """連動 / 共鳴 text triggers only while it is enabled (5.12.2, 5.13.2)."""
    if not (ab.get("linked") or ab.get("resonance")):
        return True
    return text_enabled(g, src, ab, controller)


def _pincer(g, src):
    """挟撃: 'diagonal' / 'straight' when the card sandwiches opponent's units, else None."""
    from .geometry import LINES, pincers

    hit = [mid for mid, far in pincers(src.zone)
           if any(u.controller == src.controller for u in g.b.units_on(far))
           and any(u.controller != src.controller for u in g.b.units_on(mid))]
    if not hit:
        return None
    return "diagonal" if any(m[0] != src.zone[0] and m[1] != src.zone[1] for m in hit) \
        else "straight"


def _ref_for(g, c, snap: dict | None) -> Ref:
    if snap is not None:
        return Ref(c.id, snap["zone"], snap["controller"])
    return Ref.of_card(g, c)


def _of_matches(g, ab: dict, src, ev_look: dict, ref: Ref) -> bool:
    of = ab.get("of", "self")
    if of == "self":
        return ev_look["id"] == src.id
    if of == "any":
        return True
    return matches(g, ev_look, of, ref)


@_rule("4.4.2", "4.8.1", "4.8.6", "4.8.9", "4.8.10-1", "4.8.11", "4.4.3", "4.8.8", "5.9.1",
       "5.9.2", "5.9.3", "4.8.10-2", "5.7.1")
def on_events(g, events: list, infos: list) -> None:
    """The events of one simultaneous move: every ability that triggers, once per event."""
    moved = {mi.card.id: mi for mi in infos}
    seen: set = set()
    for ev in events:
        card = g.b.cards[ev["card"]]
        mi_ev = moved.get(ev["card"])
        back_ev = mi_ev is not None and reads_before(ZONES, mi_ev.frm, mi_ev.to)
        ev_look = ev.get("snap") if ev["kind"] == "to_graveyard" or (
            ev["kind"] == "put_into" and back_ev) else look(g, card)
        cands = list(_sources(g))
        # cards that moved in the same event other than onto a square look back (4.8.11), the
        # public zone's side of a move from or into a hidden zone (4.8.10-2); cards whose
        # abilities work in another zone (5.7.1) are read there
        for mi in infos:
            if mi.snap.get("host") is not None:  # it was a 闘気 card, with no text (6.1.8)
                continue
            if mi.card not in cands and (is_square(mi.frm) or _zone_limited(mi.card)):
                cands.append(mi.card)
        cands += [c for c in _zone_sources(g) if c not in cands]
        for src in cands:
            mi = moved.get(src.id)
            back = mi is not None and reads_before(ZONES, mi.frm, mi.to)
            snap = mi.snap if back else None
            where = snap["zone"] if snap is not None else src.zone
            ref = _ref_for(g, src, snap)
            for idx, ab in enumerate(src.abilities, 1):
                if not in_its_zone(src, ab, where):
                    continue
                kind = ab.get("trigger")
                pincer = kind == "pincer"  # 挟撃 (5.9.1): put onto a square, sandwiching
                if pincer:
                    kind = "put_on_square"
                if kind != ev["kind"] or ab.get("reveal"):
                    continue
                if pincer and not (ev["card"] == src.id and _pincer(g, src)):
                    continue
                if not _enabled(g, src, ab, ref.controller):
                    continue
                if not _of_matches(g, ab, src, ev_look, ref):
                    continue
                if ev["kind"] == "put_on_square" and not _from_ok(ab, ev):
                    continue
                if ev["kind"] == "put_into" and ab.get("into") not in (None, ev["zone"]):
                    continue
                if ev["kind"] == "to_graveyard" and not (
                        cause_matches(ab.get("cause"), ev.get("cause"))
                        and by_matches(ab.get("by"), ev.get("by"), ref.controller)):
                    continue  # 「…の効果で破壊された時」 (2.23.1-4), by whose card (2.27)
                if ab.get("area") and not (ev["to"] in _battle_squares() and area_of(
                        ev["to"], ref.controller) == ab["area"]):
                    continue
                ctx = Ctx(ref.controller, src.id, src.incarnation if snap is None else None,
                          snap or g.snap(src), event=_public(ev))
                if ab.get("condition") and not condition_holds(g, ab["condition"], ctx):
                    continue
                pd = g.trigger(src.id, idx, ref.controller, _public(ev), snap or g.snap(src))
                cites = ["4.8.1", "4.4.2"]
                if ev["kind"] == "to_graveyard" and ab.get("cause") not in (None, "any"):
                    cites.append("2.23.1-4")  # 破壊する / 廃棄する: by an effect, as a cost
                if ev["kind"] == "to_graveyard" and ab.get("by") not in (None, "any"):
                    cites.append("2.27")  # whose: the controller of the effect's source
                if ev["kind"] == "put_on_square":
                    cites.append("4.8.9")
                    if not is_square(ev["from"]) or (mi is not None and is_square(mi.to)):
                        # from outside the squares, or its own card was put onto a square in
                        # the same event: it checks the event from where it now is (4.8.10-1)
                        cites.append("4.8.10-1")
                if snap is not None:
                    cites.append("4.8.11")
                    if is_public(mi.frm) != is_public(mi.to):
                        cites.append("4.8.10-2")
                if ab.get("zone"):
                    cites.append("5.7.1")
                if pincer:
                    cites += ["5.9.1", "5.9.2"] + (["5.9.3"] if _pincer(g, src) == "diagonal"
                                                   else [])
                if ab.get("condition"):
                    cites.append("4.8.8")
                if (src.id, idx) in seen:
                    cites.append("4.8.6")
                cites += geo_cites(ab.get("of"))
                seen.add((src.id, idx))
                _note(g, pd, ev, tuple(cites), looked_back=where if snap is not None else "")
        if ev["kind"] == "to_graveyard":
            _reveal_triggers(g, ev, ev_look)


def _zone_limited(c) -> bool:
    return any(ab.get("zone") and ab.get("trigger") for ab in c.abilities)


def _zone_sources(g):
    """Cards outside the squares with a triggered ability that works in their zone (ゾーン効果,
    5.7.1)."""
    b = g.b
    for p in ("P1", "P2"):
        for z in ZONE_EFFECT_ZONES:
            for i in b.pzone(p, z):
                c = b.cards[i]
                if c.abilities and _zone_limited(c):
                    yield c


_EVENT_WORDS = {
    "put_on_square": ("{c} was put onto {to}", "{c}が{to}に置かれた"),
    "to_graveyard": ("{c} was put into the graveyard from {frm}", "{c}が{frm}から墓地に置かれた"),
    "put_into": ("{c} was put into {to} from {frm}", "{c}が{frm}から{to}に置かれた"),
    "attacks": ("{c} attacked", "{c}が攻撃した"),
    "attacked": ("{c} was attacked", "{c}が攻撃された"),
    "battle_start": ("the battle began", "バトルが開始した"),
    "battle_win": ("{c} won the battle", "{c}がバトルに勝った"),
    "battle_end": ("the battle ended", "バトルが終了した"),
    "phase_start": ("the {phase} phase began", "{phase}フェイズが開始した"),
    "turn_start": ("the turn began", "ターンが開始した"),
    "turn_end": ("the turn is ending", "ターン終了時"),
    "drew": ("{player} drew a card", "{player}がカードを引いた"),
    "damaged": ("{c} was dealt damage", "{c}がダメージを受けた"),
    "advance": ("{c}'s move, paying 進撃, resolved", "{c}の進撃を支払った移動が解決された"),
    "rampage": ("{c} was turned face up as the plan zone (暴走)", "{c}がプランゾーンとして表向きになった（暴走）"),
}


def _note(g, pd, ev: dict, cites: tuple, looked_back: str = "") -> None:
    en, ja = _EVENT_WORDS.get(ev["kind"], (ev["kind"], ev["kind"]))
    c = g.label(ev["card"]) if ev.get("card") else ""
    fields = {"c": c, "to": ev.get("to", ""), "frm": ev.get("from", ""),
              "phase": ev.get("phase", ""), "player": ev.get("player", "")}
    back = (f" — it looks back at its card as it was just before it moved ({looked_back})"
            if looked_back else "")
    back_ja = "（カードがゾーン移動をする直前の情報を確認して誘発します）" if looked_back else ""
    g.note("trigger", cites,
           f"{g.pending_label(pd)} triggers ({en.format(**fields)}){back}: it waits until a "
           "player would receive priority.",
           f"{g.pending_label(pd, 'ja')}が誘発します（{ja.format(**fields)}）{back_ja}。"
           "いずれかのプレイヤーが優先権を獲得する時までスタックに乗りません。",
           cards=(pd.card,), player=pd.controller)


_FIRE_CITES = {"attacks": ("3.12.1",), "attacked": ("3.12.1",), "battle_start": ("3.12.1",),
               "battle_win": ("3.14.1",), "battle_end": ("3.14.2-2",),
               "turn_end": ("3.10.2", "4.4.4"), "turn_start": ("3.5.1",)}


def _battle_squares():
    from .model import BATTLE_SQUARES

    return BATTLE_SQUARES


def _public(ev: dict) -> dict:
    return {k: v for k, v in ev.items() if k != "snap"}


def _from_ok(ab: dict, ev: dict) -> bool:
    """4.8.9: 「手札から/プランゾーンからスクエアに置かれた時」 also when played from there."""
    want = ab.get("from", "any")
    if want == "any":
        return True
    frm = ev.get("played_from") if ev.get("played") else ev["from"]
    frm = frm or ev["from"]
    if want == "hand":
        return frm.endswith(".hand")
    if want == "plan":
        return frm.endswith(".plan")
    return not is_square(ev["from"])  # outside: from anywhere but a square


@_rule("4.8.12", "4.8.12-1", "4.8.12-2")
def _reveal_triggers(g, ev: dict, ev_look: dict) -> None:
    """4.8.12: the owner of a hand card with a reveal ability whose event happened may reveal it;
    not revealed, the ability does not trigger (4.8.12-2)."""
    b = g.b
    for p in (b.turn_player, opponent(b.turn_player)):
        for cid in list(b.pzone(p, "hand")):
            c = b.cards[cid]
            for idx, ab in enumerate(c.abilities, 1):
                if ab.get("trigger") != ev["kind"] or not ab.get("reveal"):
                    continue
                if not _of_matches(g, ab, c, ev_look, Ref(c.id, c.zone, c.owner)):
                    continue
                ans = g.ask(Request("4.8.12", p, f"reveal {c.label()} from your hand for its "
                                    "ability?", f"手札の{c.label()}を公開しますか？",
                                    kind="yesno", options=[True, False], cites=("4.8.12",)))
                if ans in (True, "yes"):
                    g.reveal(c)
                    pd = g.trigger(c.id, idx, p, _public(ev), g.snap(c))
                    pd.reveal = True
                    g.note("trigger", ("4.8.12", "4.8.12-1"),
                           f"{p} reveals {c.label()} from the hand: its ability waits until {p} "
                           "first receives priority (4.8.12-1).",
                           f"{p}は手札の{c.label()}を公開しました。その能力は{p}が最初に優先権を"
                           "得る時まで待ちます（4.8.12-1）。", cards=(c.id,), player=p)
                else:
                    g.note("trigger", ("4.8.12-2",),
                           f"{p} does not reveal {c.label()}: its ability does not trigger.",
                           f"{p}は{c.label()}を公開しないため、その能力は誘発しません。",
                           cards=(c.id,), player=p)


_BATTLE_KINDS = ("attacks", "attacked", "battle_win", "battle_start", "battle_end")
# events about one card whose `of` is matched against it (the battle ones, and damage received)
_ABOUT_KINDS = _BATTLE_KINDS + ("damaged",)


def fire(g, kind: str, *, player: str | None = None, card: str | None = None,
         phase: str | None = None, square: str | None = None, sources=None,
         cards=None, cause: str | None = None, by: str | None = None,
         source: str | None = None) -> int:
    """Events that are not zone moves: 攻撃した時 / 攻撃された時 / バトル開始時 (3.12.1), winning
    a battle (3.14.1), バトル終了時 (3.14.2-2), the start of a phase, ターン開始時 / ターン終了時,
    drawing (3.6.1-1). Returns how many abilities triggered. A battle event names the card it
    is about (`card`) or the cards of that battle (`cards`): an ability's `of` (default this
    card) is matched against them, whatever card holds the ability."""
    b = g.b
    n = 0
    ev = {"kind": kind}
    for k, v in (("player", player), ("card", card), ("phase", phase), ("to", square),
                 ("cause", cause), ("by", by)):
        if v is not None:
            ev[k] = v
    cands = list(sources) if sources is not None else list(_sources(g))
    for src in cands:
        for idx, ab in enumerate(src.abilities, 1):
            if ab.get("trigger") != kind or ab.get("reveal"):
                continue
            if not _enabled(g, src, ab, src.controller):
                continue
            about = [card] if card is not None else list(cards or ())
            if kind in _ABOUT_KINDS and (card is not None or cards is not None):
                if not any(_of_matches(g, ab, src, look(g, b.cards[c]), Ref.of_card(g, src))
                           for c in about if c in b.cards):
                    continue
            if kind == "damaged" and not (cause_matches(ab.get("cause"), cause)
                                          and by_matches(ab.get("by"), by, src.controller)):
                continue
            if kind == "damaged" and ab.get("source") == "other" and source == src.id:
                continue  # 「このカード以外から」: not the damage this card deals
            if kind == "phase_start" and ab.get("phase") and ab["phase"] != phase:
                continue
            if kind == "drew" and player != src.controller:
                continue
            key = f"{src.id}#{idx}"
            once = kind in _ONCE or (kind == "phase_start" and phase == "recovery")
            if once and key in b.once_fired:
                g.note("trigger", ("4.4.4",), f"{src.label()}'s ability has already triggered "
                       "this turn: it triggers only once per turn.",
                       f"{src.label()}の能力はこのターンすでに誘発しているため、誘発しません"
                       "（1ターンに1度）。", cards=(src.id,))
                continue
            ctx = Ctx(src.controller, src.id, src.incarnation, g.snap(src), event=ev)
            if ab.get("condition") and not condition_holds(g, ab["condition"], ctx):
                continue
            if once:
                b.once_fired.append(key)
            pd = g.trigger(src.id, idx, src.controller, dict(ev), g.snap(src))
            _note(g, pd, ev, ("4.8.1", "4.4.2") + _FIRE_CITES.get(kind, ()))
            n += 1
    if kind in DELAYED_MOMENTS:
        n += _delayed(g, kind, square, phase)
    return n


# the moments a triggered ability created by an effect may wait for, and where those wait: the
# core's one store of created triggers (judgekit.engine.effects.delayed), on `board.delayed`
DELAYED_MOMENTS = ("battle_end", "turn_end", "turn_start", "phase_start")
DELAYED = _delayed.Store("delayed")


@_rule("4.4.4")
def _delayed(g, kind: str, square: str | None, phase: str | None = None) -> int:
    """Triggered abilities created by effects (4.4.4), taken from the core's store as their
    moment comes, each once: 即死's 'at the end of that battle' (its square's), 「ターン終了時に
    …」 (3.10.2), 「次のあなたのターン開始時に…」 (3.5.1: in the turn of the player it names),
    「次のリカバリーフェイズの開始時に…」 (a phase's start, 3.10.1)."""
    n = 0
    in_turn = of_phase_and_turn(phase, g.b.turn_player)  # the phase and whose turn it names
    for d in DELAYED.due(g, kind, (lambda d: d.get("square") in (None, square) and in_turn(d))
                         if kind == "battle_end" else in_turn):
        data = {"trigger": kind, "effect": d["effect"], "text": d.get("text", ""),
                "about": d.get("about")}
        src = d.get("source") or d.get("about")
        c = g.b.cards.get(src)
        snap = g.snap(c) if c is not None else {"zone": "", "controller": d["controller"]}
        g.trigger(src, 0, d["controller"], {"kind": kind, "card": d.get("about")},
                  snap, data=data)
        n += 1
    return n


def _state_ready(g):
    b = g.b
    busy = {(p.card, p.idx) for p in g.pending}
    busy |= {(it.source, it.ability) for it in b.stack if it.kind == "triggered"}
    for fr in b.battles:
        busy |= {(it.source, it.ability) for it in fr.suspended_stack if it.kind == "triggered"}
    for src in list(_sources(g)):
        for idx, ab in enumerate(src.abilities, 1):
            if ab.get("trigger") != "state" or (src.id, idx) in busy:
                continue
            ctx = Ctx(src.controller, src.id, src.incarnation, g.snap(src))
            if condition_holds(g, ab.get("condition"), ctx):
                yield src, idx


def state_candidates(g) -> bool:
    return next(_state_ready(g), None) is not None


@_rule("4.8.13")
def state_triggers(g) -> int:
    """4.8.13: a state trigger triggers while its condition holds — not again while it waits or
    is on the stack."""
    n = 0
    for src, idx in list(_state_ready(g)):
        p = g.trigger(src.id, idx, src.controller, {"kind": "state"}, g.snap(src))
        p.state = True
        g.note("trigger", ("4.8.13",),
               f"{src.label()}'s condition holds: its ability triggers (a state trigger: it will "
               "not trigger again until it has left the stack).",
               f"{src.label()}の条件が満たされているため、その能力が誘発します（状況誘発の能力は、"
               "スタックから取り除かれるまで再び誘発しません）。", cards=(src.id,))
        n += 1
    return n


# ---- putting them on the stack (4.8.2–4.8.4, 4.8.12) -------------------------------------------

def _ready_reveal(g, p: Pending, recipient: str) -> bool:
    """4.8.12-1/-3/-4: a revealed ability goes on the stack the first time its owner receives
    priority, if the card is still in the hand and the (行動) is performed."""
    b = g.b
    c = b.cards.get(p.card)
    if p.controller != recipient:
        return False
    if c is None or c.zone != f"{p.controller}.hand":
        g.remove_pending(p)
        g.note("trigger", ("4.8.12-3",), f"{p.controller} receives priority and "
               f"{g.label(p.card)} is no longer in the hand: its ability is not put on the stack.",
               f"{p.controller}が優先権を得た時点で{g.label(p.card)}は手札にないため、その能力は"
               "スタックに置かれません。", cards=(p.card,))
        return False
    need = (p.ability(g).get("reveal") or {}).get("freeze_energy", 0)
    if need:
        opts = [e.id for e in b.cards_in(f"{p.controller}.energy") if e.state == "released"]
        if len(opts) < need:
            g.remove_pending(p)
            g.note("trigger", ("4.8.12-4",), f"{p.controller} cannot perform the action of "
                   f"{c.label()}'s ability: it is not put on the stack and the card is hidden "
                   "again.", f"{p.controller}は{c.label()}の能力の行動を行えないため、その能力は"
                   "スタックに置かれず、カードは非公開に戻ります。", cards=(c.id,))
            return False
        ans = g.ask_cards(Request("4.8.12-4", p.controller, f"freeze {need} energy card(s) for "
                                  f"{c.label()}'s ability", f"{c.label()}の能力のためにエネルギーを"
                                  f"{need}枚フリーズしてください", options=opts, kind="many",
                                  min=need, max=need, cites=("4.8.12-4",)), opts[:need])
        with g.step("trigger", ("4.8.12-4", "4.8.12-1"),
                    f"{p.controller} performs the action of {c.label()}'s ability (freezes "
                    f"{need} energy card(s)): it goes on the stack.",
                    f"{p.controller}は{c.label()}の能力の行動を行います（エネルギーを{need}枚"
                    "フリーズ）。能力はスタックに置かれます。", cards=(c.id,), player=p.controller):
            for e in ans if isinstance(ans, list) else [ans]:
                g.set_state(b.cards[e], "frozen")
    return True


@_rule("4.8.2", "4.8.3", "4.8.4", "4.8.12-1", "4.8.12-3", "4.8.12-4", "2.23.9-2")
def stack_pending(g, recipient: str) -> bool:
    """Put every waiting triggered ability on the stack at once (4.8.2): the active player's
    first, in the order that player chooses, then the non-active player's (4.8.3). True when
    anything was put on (or removed from) the stack."""
    b = g.b
    if not g.pending:
        return False
    ready = []
    for p in list(g.pending):
        if p.reveal:
            with g.step("trigger", ("4.8.12-1",),
                        f"{p.controller} receives priority: {g.label(p.card)}'s revealed ability "
                        "may go on the stack now.", f"{p.controller}が優先権を得ます。公開された"
                        f"{g.label(p.card)}の能力はこの時点でスタックに置かれます。",
                        cards=(p.card,)) if p.controller == recipient else _null():
                if _ready_reveal(g, p, recipient):
                    ready.append(p)
            continue
        ready.append(p)
    if not ready:
        return False
    ap = b.turn_player
    order: list = []
    for who in (ap, opponent(ap)):
        mine = [p for p in ready if p.controller == who]
        if len({p.group for p in mine}) > 1:
            labels = {f"{p.card}#{p.idx or 'x'}@{p.n}": p for p in mine}
            ans = g.ask(Request("4.8.3", who, "order in which your triggered abilities go on the "
                                "stack (first = lowest)", "誘発型能力をスタックに乗せる順番（先に"
                                "選んだものが下）", options=list(labels), kind="many",
                                min=len(mine), max=len(mine), cites=("4.8.3",)))
            mine = [labels[a] for a in ans]
        order += mine
    names = ", ".join(g.label(p.card) for p in order)
    with g.step("trigger", ("4.8.2", "4.8.3", "2.23.9-2"),
                f"The triggered abilities go on the stack all at once — the active player "
                f"{ap}'s first, then {opponent(ap)}'s: {names}.",
                f"誘発していた誘発型能力がすべて同時にスタックに乗せられます。アクティブプレイヤー"
                f"{ap}の能力が先、次に{opponent(ap)}の能力です：{names}。"):
        for p in order:
            g.remove_pending(p)
            put_on_stack(g, p)
    return True


class _null:
    def __enter__(self):
        return None

    def __exit__(self, *a):
        return False


@_rule("4.8.4", "4.8.4-2", "4.11.3", "2.27", "1.1.3")
def put_on_stack(g, p: Pending) -> StackItem | None:
    """One ability goes on the stack; its controller makes its choices (4.8.4): targets, reading
    a source that has left as it was (4.8.4-2, 2.27). No legal target: removed (4.11.3)."""
    ab = p.ability(g)
    it = StackItem("triggered", source=p.card, ability=p.idx or None, controller=p.controller,
                   snap=p.snap, event=p.event)
    it.data = p.data
    it.reveal = p.reveal
    src = g.b.cards.get(p.card)
    live = src is not None and is_square(src.zone) and src.zone == p.snap.get("zone")
    it.obj = src.incarnation if live else -1
    if target_specs(ab):
        ctx = Ctx(p.controller, p.card, src.incarnation if live else None, p.snap,
                  event=p.event)
        cols = colors(g, src) if live else tuple(p.snap.get("colors", ()))
        g.push(it)
        chosen = choose_targets(g, ab, ctx, chooser=p.controller, key=p.card,
                                source_colors=cols)
        if chosen is None:
            g.pop(it)
            g.note("trigger", ("4.8.4", "4.11.3", "1.1.3"),
                   f"{g.label(p.card)}'s ability has no legal target: it is removed from the "
                   "stack — the action its text requires is impossible, so it is not carried "
                   "out (1.1.3).", f"{g.label(p.card)}の能力は適正な対象を選べないため、スタックから"
                   "取り除かれます（テキストが要求する行動は不可能であるため、実行されません）。",
                   cards=(p.card,))
            return None
        g.set_targets(it, chosen)
        g.change({"op": "targets", "item": it.n, "targets": {k: list(v) for k, v in
                                                              chosen.items()}})
        from .divide import declare  # 「割り振って与える」: declared with the targets (4.7.2-6)

        it.divided = declare(g, ab, chosen, p.controller, p.card,
                             f"{g.label(p.card)}'s ability") or {}
        names = ", ".join(g.label(t) for v in chosen.values() for t in v) or "none"
        g.note("trigger", ("4.8.4", "4.8.4-2", "2.27") + geo_cites(
            *[s.get("filter") for s in target_specs(ab)]),
               f"As it goes on the stack, {p.controller} chooses the targets of "
               f"{g.label(p.card)}'s ability: {names} (what it needs now is read now, 2.27).",
               f"スタックに乗せる時に、{p.controller}は{g.label(p.card)}の能力の対象を選びます："
               f"{names}（スタックに乗せる際に必要な情報はその時に参照します。2.27）。",
               cards=(p.card,), player=p.controller)
        if p.snap.get("zone") and not live and is_square(p.snap.get("zone", "")):
            g.note("trigger", ("4.8.4-2",),
                   f"{g.label(p.card)} has left {p.snap['zone']}: its ability's targets are "
                   f"chosen from where it was just before it moved.",
                   f"{g.label(p.card)}は{p.snap['zone']}を離れているため、ゾーン移動をする直前の"
                   "情報をもとに対象を選びます。", cards=(p.card,))
        return it
    g.push(it)
    return it


# ---- the file's pending triggers -----------------------------------------------------------------

def pending_from_board(g) -> None:
    b = g.b
    for t in b.triggers:
        c = b.cards.get(t["card"])
        ctrl = t.get("controller") or (c.controller if c else b.turn_player)
        for _ in range(t.get("count", 1)):
            g.trigger(t["card"], t.get("ability", 1), ctrl, dict(t.get("event") or {}),
                      g.snap(c) if c else {"zone": "", "controller": ctrl})
    b.triggers = []
    for fr in b.battles:
        out = []
        for t in fr.suspended_pending:
            c = b.cards.get(t["card"])
            ctrl = t.get("controller") or (c.controller if c else b.turn_player)
            g.pend_seq += 1
            out.append(Pending(t["card"], t.get("ability", 1), ctrl, dict(t.get("event") or {}),
                               g.snap(c) if c else {"zone": "", "controller": ctrl},
                               g.pend_seq))
        fr.suspended_pending = out
    for items in [b.stack] + [fr.suspended_stack for fr in b.battles]:
        for it in items:
            if it.controller is None and it.kind != "exchange":
                c = b.cards.get(it.card or it.source)
                it.controller = c.controller if c else b.turn_player
            src = b.cards.get(it.source) if it.source else None
            if src is not None and it.snap is None:
                it.snap = g.snap(src)
                it.obj = src.incarnation
            if it.kind == "move" and it.card in b.cards:
                it.obj = b.cards[it.card].incarnation
                if not it.from_square:
                    it.from_square = b.cards[it.card].zone
            it.objs = {t: b.cards[t].incarnation for v in it.targets.values() for t in v
                       if t in b.cards}
    g.rehash()


def _pending_data(p: Pending) -> dict:
    d = {"card": p.card, "ability": p.idx or 1, "controller": p.controller}
    ev = {k: v for k, v in p.event.items() if isinstance(v, str)}
    if ev:
        d["event"] = ev
    return d


def pending_to_board(g) -> None:
    b = g.b
    b.triggers = [_pending_data(p) for p in g.pending if p.idx]
    for fr in b.battles:
        fr.suspended_pending = [_pending_data(p) for p in fr.suspended_pending
                                if isinstance(p, Pending) and p.idx]
