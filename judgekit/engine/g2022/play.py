"""Playing cards and abilities (904–907), scouting (1115) and the keywords that play cards:
アクセル (1201) and デッキエンゲージ (1206).

904.2a–h: the card or ability is chosen (revealed if hidden, 904.2b), its cost is fixed
(904.2d), it moves to the temporary (904.2e), the cost is paid with the player's own cards
(904.2f: energy cards to the trash, 905.3a–c; sleeping the card, 907.1a; hand cards, 508.3);
a cost that cannot be paid makes the play illegal and the game returns to just before it began.
904.3: it resolves — a chara is put rebooted into its area (906.2a), an event's ability is done
and the card goes to its owner's trash (906.2b), an engage is put beside its chara (906.2c).
"""

from __future__ import annotations

from ..choices import Request
from ..game import Halt, IllegalAction
from . import missions, triggers
from .clauses import REGISTRY
from .effects import EffCtx, instruction, run_effect
from .keywords import KEYWORD_CLAUSES
from .model import AREAS, area_zone, zone_kind, zone_words
from .keywords import expand
from .params import abilities, cannot, filter_cards, granted_from, is_valid, play_cost

TYPE_WORDS = {"chara": ("chara", "キャラ"), "event": ("event", "イベント"),
              "engage": ("engage", "エンゲージ")}


def deck_engage(c) -> dict | None:
    for ab in abilities(c):
        if ab.get("static") == "deck_engage":
            return ab
    return None


def area_options(g, p: str, c) -> list[str]:
    """906.1a: the player's areas a chara or engage may be played into. An engage goes beside
    a chara (reading engage-needs-chara), unless its デッキエンゲージ brings one (1206.2)."""
    if c.type == "engage" and deck_engage(c) is None:
        return [a for a in AREAS if g.b.area_cards(p, a)]
    return list(AREAS)


def _illegal(g, saved, en: str, ja: str, cites) -> None:
    if saved is not None:
        g.restore(saved)
    raise IllegalAction(en, ja, cites)


@REGISTRY.rule("904.2", "904.2b", "904.2d", "904.2e", "904.2f", "904.2h", "906.1a", "906.1c",
               "905.3a", "905.3b", "905.3c")
def play_card(g, p: str, c, *, area: str | None = None, pay: list | None = None,
              free: bool = False, how: str = "", how_ja: str = "", via_scout: bool = False,
              alternative=None) -> bool:
    """Play card `c` (904.2) and resolve it (904.3). `free`: without paying its cost (scout,
    アクセル). Returns False when it cannot be played at all (a free play the caller then
    handles); an action that cannot be done raises IllegalAction after rewinding."""
    b = g.b
    if c.type is None or not c.known:
        raise Halt("unsupported", f"the file does not say what card {c.id} is (its type and "
                   "cost): it cannot be played; give its details in the file")
    typ = c.type
    if typ not in TYPE_WORDS:
        raise IllegalAction(f"{c.id} is a {typ} card: only charas, events and engages are "
                            "played", f"{c.id}はプレイできる種類のカードではありません", ("904.2",))
    if cannot(g, c, "play"):
        raise IllegalAction(f"{c.id} cannot be played (a 「できない」 effect)",
                            f"{c.id}はプレイできません（「できない」効果）", ("102.7",))
    zone = None
    if typ in ("chara", "engage"):
        opts = area_options(g, p, c)
        if area is not None and area not in opts:
            raise IllegalAction(f"{c.id} cannot be played into {p}.{area}: "
                                + ("an engage goes beside a chara" if typ == "engage" else
                                   "not one of the player's areas"),
                                f"{c.id}を{p}.{area}にプレイすることはできません", ("906.1a",))
        if not opts:
            if free:
                return False
            raise IllegalAction(f"{p} has no area {c.id} can be played into",
                                f"{p}には{c.id}をプレイできるエリアがありません", ("906.1a",))
        if area is None:
            area = g.ask(Request("906.1a", p, f"the area {c.id} is played into",
                                 f"{c.id}をプレイするエリア", opts)) if len(opts) > 1 else opts[0]
        zone = area_zone(p, area)
    alt = None
    if not free:  # 904.2c: a cost an effect offers instead of the card's own
        from ..effects.costs import choose_alternative
        from .params import alternative_costs

        alt = choose_alternative(g, p, alternative_costs(g, c), alternative, key="904.2c",
                                 cites=("904.2c",), what=c.id, what_ja=c.id, base=c.cost or 0)
    pts, why = (0, ["free"]) if free else play_cost(g, c, zone if typ == "chara" else None,
                                                    alt)
    saved = g.save()
    en_t, ja_t = TYPE_WORDS[typ]
    cites = ["904.2"] + (["904.2c"] if alt else []) + ["904.2d"] + (
        [] if free else ["905.2a"]) + (["906.1a"] if zone else ["906.1c"] if typ == "event"
                                       else [])
    if any("905.2d" in w for w in why):
        cites.append("905.2d")
    if not free and any(w[:1] in "+-" and "905.2d" not in w for w in why[1:]):
        cites.append("905.2c")  # an increase or decrease by an effect (not the LvUP icon's)
    with g.step("play", tuple(cites),
                f"{p} plays the {en_t} {c.id}{how}"
                + (f" into {zone_words(zone)}" if zone else "")
                + (f"; its cost is fixed at {pts} ({', '.join(why)})" if not free else
                   ", without paying its cost") + ".",
                f"{p}は{ja_t}{c.id}を{how_ja}" + (f"{zone_words(zone, 'ja')}に" if zone else "")
                + "プレイします" + (f"（コストは{pts}に決定）" if not free else "（コストを支払わずに）")
                + "。", cards=(c.id,), player=p,
                readings=("lvup-icon",) if "905.2d" in cites else ()):
        # 904.2b: a card played from a hidden zone is revealed (a 「公開された時」 event, 908.1)
        with g.step("play", ("904.2e",) if b.is_public(c.zone) else ("904.2b", "904.2e"),
                    f"{c.id} moves to the temporary"
                    + (" (revealed: it was in a hidden zone)" if not b.is_public(c.zone) else "")
                    + ".", f"{c.id}をテンポラリーに移動します。", cards=(c.id,), player=p):
            hidden = not b.is_public(c.zone)
            if hidden:
                g.reveal(c)
            g.move([c], "temporary", reason="play")
        if hidden:
            triggers.revealed(g, [c], p)
        if pts:
            _pay_energy(g, p, pts, pay, saved, c.id)
        elif pay:
            _illegal(g, saved, f"{c.id} costs 0: nothing is paid, but the action pays with "
                     f"{', '.join(pay)}", f"{c.id}のコストは0です", ("905.3a",))
        g.note("play", ("904.2h",), f"{c.id} has been played.", f"{c.id}はプレイされました。",
               cards=(c.id,), player=p)
        triggers.emit(g, [{"kind": "played", "card": g.snap(c), "player": p}])  # 908.1
    missions.record(g, p, f"play_{typ}", c.id)
    resolve_card(g, p, c, zone, via_scout)
    return True


@REGISTRY.rule("506.2")
def _pay_energy(g, p: str, pts: int, pay, saved, what: str, card: bool = True) -> None:
    """905.3a–c: choose that many cards of the payer's energy and put them into the trash."""
    b = g.b
    energy = list(b.pzone(p, "energy"))
    if len(energy) < pts:
        _illegal(g, saved, f"{p} has {len(energy)} energy card(s) and cannot pay {pts}: {what} "
                 "cannot be played; the game returns to just before the play",
                 f"{p}のエネルギーは{len(energy)}枚で{pts}を支払えないため、プレイできません。"
                 "ゲームの状況をプレイ開始直前に戻します", ("905.3b", "904.2f"))
    if pay is not None:
        if len(pay) != pts or len(set(pay)) != pts or any(i not in energy for i in pay):
            _illegal(g, saved, f"the cost is {pts}: pay with {pts} different card(s) of {p}'s "
                     f"energy zone (given: {', '.join(pay) or 'none'})",
                     f"コスト{pts}は{p}のエネルギーゾーンのカード{pts}枚で支払います", ("905.3a",))
        ids = list(pay)
    else:
        req = Request("905.3a", p, f"{pts} energy card(s) to put into the trash",
                      f"トラッシュに置くエネルギー{pts}枚", energy, kind="many", min=pts, max=pts)
        ids = g.ask_cards(req, energy[:pts])
    with g.step("pay", ("904.2f", "905.3a", "905.3c", "506.2") + (("303.2",) if card else ()),
                f"{p} pays {pts}: {', '.join(ids)} from the energy zone to the trash.",
                f"{p}はエネルギーゾーンの{'、'.join(ids)}をトラッシュに置き、{pts}を支払います。",
                player=p):
        g.move([b.cards[i] for i in ids], f"{p}.trash", reason="pay")


@REGISTRY.rule("904.3a", "904.3c", "906.2a", "906.2b", "906.2c", "909.2", "1109.2", "1121.1",
               "1121.2")
def resolve_card(g, p: str, c, zone: str | None, via_scout: bool = False) -> None:
    """904.3: the played card resolves by its type (906.2a–c)."""
    b = g.b
    typ = c.type or "chara"
    if typ == "chara":
        with g.step("resolve", ("904.3c", "906.2a", "1109.1", "1109.2", "503.3")
                    + (("502.2", "502.2a") if via_scout else ()),
                    f"{c.id} resolves: it is put rebooted into {zone_words(zone)} and appears "
                    f"from the {c.origin or 'hand'} (1109.2"
                    + (": through the scout zone it counts as coming from the deck, 502.2a"
                       if via_scout else "") + ").",
                    f"{c.id}を解決し、{zone_words(zone, 'ja')}にリブート状態で置きます"
                    "（プレイ前のゾーンから登場したとみなします）。", cards=(c.id,), player=p,
                    readings=("icon-reboot",)):
            g.move([c], zone, reason="resolve")
        return
    if typ == "event":
        evs = [ab for ab in abilities(c) if "event" in ab]
        with g.step("resolve", ("904.3a",) + (("909.2",) if len(evs) > 1 else ()),
                    f"{c.id} resolves: its event abilit{'ies are' if len(evs) > 1 else 'y is'} "
                    "done" + (" from the top" if len(evs) > 1 else "") + ".",
                    f"{c.id}を解決し、イベント能力を実行します。", cards=(c.id,), player=p):
            for ab in evs:
                run_effect(g, ab["event"], EffCtx(g, p, c.id))
        if c.zone == "temporary":
            with g.step("resolve", ("906.2b", "904.3c"),
                        f"{c.id} goes to its owner's trash.",
                        f"{c.id}を所有者のトラッシュに置きます。", cards=(c.id,), player=p):
                g.move([c], f"{c.owner}.trash", reason="resolve")
        return
    de = deck_engage(c)
    if de is not None:
        _deck_engage(g, p, c, zone, de)
        return
    host = b.area_cards(p, zone.split(".", 1)[1])[-1]
    with g.step("resolve", ("904.3c", "906.2c", "1121.1", "1121.2"),
                f"{c.id} resolves: it is put into {zone_words(zone)} beside {host.id}, connected "
                "to it.", f"{c.id}を解決し、{zone_words(zone, 'ja')}の{host.id}の横に置き、"
                "コネクトします。", cards=(c.id, host.id), player=p,
                readings=("engage-needs-chara",)):
        g.move([c], f"{p}.connect", reason="resolve")
        g.set_under(c, host.id)


@REGISTRY.rule("1206.2", "1206.2a")
def _deck_engage(g, p: str, c, zone: str, ab: dict) -> None:
    """1206.2: the player chooses the named cards from the deck; they appear in the area,
    connected to this card. 1206.2a: nothing connected → this card goes to the trash."""
    flt = {**ab.get("cards", {}), "zone": "deck", "controller": "you"}
    found = [x for x in filter_cards(g, flt, c, p) if x.known]
    if not found:
        with g.step("resolve", ("1206.2", "1206.2a"),
                    f"デッキエンゲージ: {p}'s deck has no card it names; nothing can be connected, "
                    f"so {c.id} goes to the trash instead of the area.",
                    f"デッキエンゲージ：{p}のデッキに指定のカードがないためコネクトできず、{c.id}は"
                    "エリアではなくトラッシュに置かれます。", cards=(c.id,), player=p):
            g.move([c], f"{c.owner}.trash", reason="resolve")
        return
    pick = g.ask(Request(c.id, p, "the card デッキエンゲージ brings from the deck",
                         "デッキエンゲージでデッキから選ぶカード", [x.id for x in found])) \
        if len(found) > 1 else found[0].id
    chara = g.b.cards[pick]
    with g.step("resolve", ("1206.2", "1109.1", "1121.1", "1121.2"),
                f"デッキエンゲージ: {p} chooses {chara.id} from the deck; it appears in "
                f"{zone_words(zone)} and {c.id} is connected to it.",
                f"デッキエンゲージ：{p}はデッキから{chara.id}を選び、{zone_words(zone, 'ja')}に"
                f"登場させ、{c.id}をコネクトします。", cards=(c.id, chara.id), player=p,
                readings=("engage-needs-chara",)):
        g.move([chara], zone, reason="appear")
        g.move([c], f"{p}.connect", reason="resolve")
        g.set_under(c, chara.id)


# ---- activated abilities (907) ---------------------------------------------------------------
@REGISTRY.rule("901.2a", "907.1a", "907.1b", "508.3")
def activate(g, p: str, c, idx: int, pay: list | None = None) -> None:
    """Play an activated ability of a card the player controls (907): pay its cost (sleep this
    card, 907.1a; hand cards, never the keep card, 508.3; energy, 905.3), then resolve it."""
    b = g.b
    abl = abilities(c)
    acts = [i for i, ab in enumerate(abl) if "activated" in ab]
    if idx < 0:
        if not acts:
            gone = c.grants and any("activated" in expand(ab) for ab in c.abilities)
            raise IllegalAction(
                f"{c.id} has no activated ability" + (" (a continuous effect took its keyword "
                                                      "ability away, 911.1b)" if gone else ""),
                f"{c.id}は起動能力を持ちません" + ("（継続効果によりキーワード能力を失っています）"
                                             if gone else ""),
                ("901.2a",) + (("911.1b",) if gone else ()))
        idx = acts[0]
    if idx not in acts:
        raise IllegalAction(f"{c.id}'s ability {idx + 1} is not an activated ability",
                            f"{c.id}の能力{idx + 1}は起動能力ではありません", ("901.2a",))
    ab = abl[idx]
    if c.controller != p:
        raise IllegalAction(f"{p} does not control {c.id}", f"{p}は{c.id}の支配者ではありません",
                            ("901.2a",))
    if not is_valid(g, c, ab):
        raise IllegalAction(f"{c.id}'s ability is not valid where the card is ({c.zone})",
                            f"{c.id}の能力は現在のゾーンで有効ではありません", ("903.2",))
    if cannot(g, c, "activate"):  # 102.7: 「起動能力をプレイできない」 wins; never begun
        raise IllegalAction(f"{c.id}'s activated abilities cannot be played (a 「できない」 "
                            "effect wins, 102.7)", f"{c.id}の起動能力はプレイできません（「できない」"
                            "効果が優先されます）", ("102.7", "907.1b"))
    cost = ab.get("cost", {})
    if cost.get("sleep") == "self" and c.state == "sleep":
        raise IllegalAction(f"the cost includes sleeping {c.id}, which is already slept: it "
                            "cannot be paid", f"代償は{c.id}のスリープですが、すでにスリープ状態の"
                            "ため支払えません", ("907.1a",))
    n_disc = cost.get("discard", 0)
    hand = b.pzone(p, "hand")
    if n_disc > len(hand):
        keep = " (the keep card cannot pay it, 508.3)" if b.pzone(p, "keep") else ""
        raise IllegalAction(f"the cost asks for {n_disc} hand card(s); {p} has {len(hand)}{keep}",
                            f"代償として手札{n_disc}枚が必要ですが、{p}の手札は{len(hand)}枚です"
                            + ("（キープゾーンのカードでは支払えません）" if keep else ""),
                            ("508.3", "904.2f") if keep else ("904.2f",))
    saved = g.save()
    kw = ab.get("keyword")
    name = {"accel": "アクセル", "issen": "一閃"}.get(kw, f"activated ability {idx + 1}")
    # a keyword ability the card has from a continuous effect (911.1b), not printed on it
    given = kw is not None and idx >= len(c.abilities)
    with g.step("play", ("901.2a", "907.1b", "904.2") + KEYWORD_CLAUSES.get(kw, ())
                + (granted_from(g, c, kw) if given else ()),
                f"{p} plays {c.id}'s {name}" + (" (a keyword ability it has from a continuous "
                                                "effect, 911.1b)" if given else "") + ".",
                f"{p}は{c.id}の{name if kw else f'起動能力{idx + 1}'}"
                "をプレイします" + ("（継続効果により得ている能力）" if given else "") + "。",
                cards=(c.id,), player=p):
        if cost.get("sleep") == "self":
            with g.step("pay", ("907.1a",), f"Cost: {c.id} is slept.",
                        f"代償：{c.id}をスリープします。", cards=(c.id,), player=p):
                g.set_state(c, "sleep")
        if n_disc:
            req = Request(c.id, p, f"{n_disc} hand card(s) for the cost",
                          f"代償としてトラッシュに置く手札{n_disc}枚", list(hand), kind="many",
                          min=n_disc, max=n_disc)
            ids = g.ask_cards(req, list(hand[:n_disc]))
            with g.step("pay", ("904.2f",), f"Cost: {', '.join(ids)} from the hand to the trash.",
                        f"代償：手札の{'、'.join(ids)}をトラッシュに置きます。", player=p):
                g.move([b.cards[i] for i in ids], f"{p}.trash", reason="pay")
        if cost.get("energy"):
            _pay_energy(g, p, cost["energy"], pay, saved, f"{c.id}'s ability", card=False)
    missions.record(g, p, "activate", c.id)
    with g.step("resolve", ("904.3a", "904.3c"), f"{c.id}'s {name} resolves.",
                f"{c.id}の{name if kw else f'起動能力{idx + 1}'}を解決します。", cards=(c.id,),
                player=p):
        run_effect(g, ab["activated"], EffCtx(g, p, c.id))


# ---- scout (1115, 804.2) ----------------------------------------------------------------------------
@REGISTRY.rule("1115.1")
def scout_reveal(g, p: str):
    """1115.1: the deck's top card is revealed and put into the scout zone."""
    b = g.b
    deck = b.pzone(p, "deck")
    if not deck:
        g.note("scout", ("1115.1", "102.3"), f"{p} has no deck card: nothing is scouted.",
               f"{p}のデッキにカードがないため、スカウトするカードはありません。", player=p,
               readings=("scout-empty-deck",))
        return None
    c = b.cards[deck[0]]
    with g.step("scout", ("1115.1",), f"{p} scouts: {c.id} is revealed from the top of the deck "
                "and put into the scout zone.", f"{p}はスカウトを実行し、デッキの一番上の{c.id}を"
                "公開してスカウトゾーンに置きます。", cards=(c.id,), player=p):
        g.reveal(c)
        g.move([c], "scout", reason="scout")
    triggers.revealed(g, [c], p)
    missions.record(g, p, "scout", c.id)
    return c


@REGISTRY.rule("305.3a")
def scout_choose(g, p: str, c, key: str, cites=()) -> None:
    """With the scout icon the player may play the card without paying (1115.1, 305.3a);
    otherwise, or not played, it goes to the player's energy zone."""
    if c is None or c.zone != "scout":
        return
    opts = ["play", "energy"] if c.has_icon("scout") and area_options(g, p, c) else ["energy"]
    pick = g.ask(Request(key, p, f"play {c.id} without paying its cost, or put it into the energy",
                         f"{c.id}をコストを支払わずにプレイするか、エネルギーに置くか", opts)) \
        if len(opts) > 1 else "energy"
    if pick == "play":
        play_card(g, p, c, free=True, how=" from the scout zone",
                  how_ja="スカウトゾーンから", via_scout=True)
        return
    icon = "it has no scout icon" if not c.has_icon("scout") else f"{p} does not play it"
    with g.step("scout", tuple(cites) + ("1115.1", "305.3a"),
                f"{c.id} is not played ({icon}): it goes to {p}'s energy zone.",
                f"{c.id}はプレイされず、{p}のエネルギーゾーンに置かれます。", cards=(c.id,), player=p,
                readings=("icon-scout",)):
        g.move([c], f"{p}.energy", reason="scout")


@instruction("scout")
def scout_instr(g, ins: dict, ctx: EffCtx) -> None:
    p = ctx.controller if ins["scout"] == "you" else ("P2" if ctx.controller == "P1" else "P1")
    scout_choose(g, p, scout_reveal(g, p), "1115.1")


# ---- アクセル (1201) ------------------------------------------------------------------------------
@instruction("accel")
@REGISTRY.rule("1201.2", "1201.2a", "1201.3")
def accel_instr(g, ins: dict, ctx: EffCtx) -> None:
    """1201.2: reveal the deck's top card; with one of the listed アカウント情報 (1201.2a: any one
    of several) it may be played without paying; not played → the player's energy (1201.3)."""
    b = g.b
    p = ctx.controller
    deck = b.pzone(p, "deck")
    if not deck:
        g.note("effect", ("1201.2", "102.3"), f"{p}'s deck is empty: nothing is revealed.",
               f"{p}のデッキが0枚のため、公開するカードはありません。", player=p)
        return
    c = b.cards[deck[0]]
    listed = list(ins["accel"])
    hit = [i for i in listed if i in c.account_info]
    cites = ("1201.2",) + (("1201.2a",) if len(listed) > 1 and hit else ())
    with g.step("effect", cites, f"アクセル: {c.id} is revealed from the top of {p}'s deck; its "
                f"アカウント情報 {', '.join(c.account_info) or 'none'} "
                + (f"match {hit[0]}" if hit else f"match none of {', '.join(listed)}") + ".",
                f"アクセル：{p}のデッキの一番上の{c.id}を公開します（アカウント情報"
                f"{'・'.join(c.account_info) or 'なし'}）。", cards=(c.id,), player=p):
        g.reveal(c)
    triggers.revealed(g, [c], p)
    played = False
    if hit and is_playable_free(g, p, c):
        if g.ask(Request(ctx.key, p, f"play {c.id} without paying its cost?",
                         f"{c.id}をコストを支払わずにプレイしますか", kind="yesno")):
            played = play_card(g, p, c, free=True, how=" (アクセル)", how_ja="アクセルで")
    if not played and c.id in b.cards and zone_kind(c.zone) == "deck":
        with g.step("effect", ("1201.3",), f"{c.id} is not played: it goes to {p}'s energy zone.",
                    f"{c.id}はプレイされなかったため、{p}のエネルギーゾーンに置きます。", cards=(c.id,),
                    player=p):
            g.move([c], f"{p}.energy", reason="accel")


@instruction("chant")
@REGISTRY.rule("1203.1", "1203.2")
def chant_instr(g, ins: dict, ctx: EffCtx) -> None:
    """1203.2: 詠唱 — the named chara did what its icon says: this card, in the remove zone, may
    be played without paying its cost (1203.1)."""
    b = g.b
    p = ctx.controller
    c = ctx.holder
    if c is None or zone_kind(c.zone) != "remove":
        return
    ok = is_playable_free(g, p, c)
    with g.step("effect", ("1203.1", "1203.2"), f"詠唱 of {c.id}: {p} may play it from the "
                "remove zone without paying its cost" + ("" if ok else " — but it cannot be "
                                                         "played now") + ".",
                f"{c.id}の詠唱：{p}はこのカードをコストを支払わずにプレイしてもよい"
                + ("" if ok else "（現在プレイできません）") + "。", cards=(c.id,), player=p):
        pass
    if ok and g.ask(Request(ctx.key, p, f"play {c.id} without paying its cost (詠唱)?",
                            f"{c.id}をコストを支払わずにプレイしますか（詠唱）", kind="yesno")):
        play_card(g, p, c, free=True, how=" (詠唱)", how_ja="詠唱で")


def is_playable_free(g, p: str, c) -> bool:
    typ = c.type
    if typ not in TYPE_WORDS or cannot(g, c, "play"):
        return False
    return typ == "event" or bool(area_options(g, p, c))

