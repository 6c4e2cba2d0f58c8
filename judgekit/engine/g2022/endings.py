"""The ends of the mission phase (704.5–704.10) and of the battle (806.2–806.7), which the
rulebook writes the same way: an event whose abilities trigger at most once per turn (per
battle), a pre-processing, a loop back while a rule effect is due or such an ability has not
triggered yet, and the durations that end there."""

from __future__ import annotations

from . import triggers
from .rule_effects import detect

WORDS = {"mission_end": ("「ミッションフェイズ終了時」", "this turn", "このターン"),
         "battle_end": ("「バトル終了時」", "this battle", "このバトル")}
UNTIL_WORDS = {"mission_end": ("「ミッションフェイズ終了時まで」", "ミッションフェイズ終了時まで"),
               "attack_end": ("until the end of the attack end", "「アタック終了時」")}


def fire(g, cl: str, kind: str, done: list, kind_step: str, readings=(), cards=None) -> None:
    """The event happens; each valid ability of that event triggers unless it already did
    (`done` keeps them); delayed abilities for that point trigger too (908.4a). `cards`: the
    cards the event is about (a battle's charas), for 「このキャラの…」 abilities."""
    word, when, when_ja = WORDS[kind]
    todo = triggers.untriggered(g, kind, done)
    with g.step(kind_step, (cl,), f"{word} events happen"
                + (f" (already triggered {when}: {', '.join(done)})" if done else "") + ".",
                f"{word}の自動事象が発生します" + (f"（{when_ja}に誘発済み：{'、'.join(done)}）"
                                                 if done else "") + "。", readings=readings):
        ev = {"kind": kind, "player": g.b.turn_player}
        if cards is not None:
            ev["cards"] = [g.snap(c) for c in cards]
        done += triggers.dispatch(g, [ev], todo)
        triggers.fire_timed(g, kind)


def left(g, kind: str, done: list, with_pending: bool = False) -> bool:
    """A rule effect is due, or an ability of this event has not triggered yet (or, with
    `with_pending`, an ability is still triggered)."""
    return bool(detect(g)) or bool(triggers.untriggered(g, kind, done)) or \
        triggers.timed_due(g, kind) or (with_pending and bool(g.pending))


def loop_back(flow, cl: str, kind: str, done: list, back: str, nxt: str, kind_step: str, *,
              with_pending: bool = False, readings=()) -> None:
    g = flow.g
    word = WORDS[kind][0]
    if left(g, kind, done, with_pending):
        g.note(kind_step, (cl,), f"A rule effect or an untriggered {word} ability remains: back "
               f"to {back}.", f"実行すべきルールエフェクトか、まだ誘発していない{word}の自動能力が"
               f"あるため、{back}に戻ります。", readings=readings)
        flow.goto(back)
    else:
        g.note(kind_step, (cl,), f"No rule effect is due and every {word} ability has "
               f"triggered: on to {nxt}.", f"実行すべきルールエフェクトも、まだ誘発していない{word}"
               f"の自動能力もないため、{nxt}に進みます。", readings=readings)
        flow.goto(nxt)


def end_effects(g, cl: str, until: str, kind_step: str) -> None:
    """Continuous effects lasting until this point end (704.9, 806.6)."""
    en, ja = UNTIL_WORDS[until]
    ended = [e for e in g.b.effects if e.get("until") == until]
    with g.step(kind_step, (cl,), f"Effects lasting {en} end"
                + (f": {len(ended)}" if ended else " (none)") + ".",
                f"{ja}を期限とする継続効果が消滅します。"):
        for e in ended:
            g.remove_effect(e)
