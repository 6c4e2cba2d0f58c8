"""The 東方VISION rules engine (総合ルール(旧), the old edition): priority and interference
(1.12), what runs before a player gains priority (1.12.11, the LP check of 1.5.3.a), damage
(1.10), removal (chapter 9), combat (chapter 6), the turn (chapter 4), tactics and special
effects (chapter 10).

    from judgekit.board import load_file
    from judgekit.engine.run import run_board
    run = run_board(load_file("examples/thv/S01-lp-dip-recovers.yaml"))
    for s in run.steps: print(s.context, s.cites, s.message)

`ENGINE` is what the core knows of 東方VISION (judgekit.engine.protocol.RulesetEngine); the
modules are imported when first needed. docs/engine-thv.md describes the design,
docs/board-format-thv.md the board file.
"""

from __future__ import annotations

from ..protocol import RulesetEngine


class THV(RulesetEngine):
    game = "thv"
    title = "東方VISION"

    def setup(self, game) -> None:
        """Cards take their controller from the zone that holds them; an interference entry
        read from the file refers to its cards as they are now."""
        from .model import phase_of_step, zone_player

        b = game.b
        b.phase = phase_of_step(b.step) or b.phase
        b.infer_set_kinds()
        for c in b.cards.values():
            c.controller = zone_player(c.zone) or c.owner
        for fr in b.interference:
            for e in fr["entries"]:
                ids = [e.get("play") or e.get("use")] + list(e.get("targets", []))
                e["_inc"] = {i: b.cards[i].incarnation for i in ids if i in b.cards}
        game.rehash()

    def write_back(self, game) -> None:
        b = game.b
        if b.step in ("4.4.1.c", "4.5.1.c", "4.6.1.c", "4.7.1.b", "4.8.1.c") \
                and b.priority is None:
            b.priority = b.turn_player

    def legal_actions(self, game, point: str, player: str) -> list[dict]:
        from .flow import legal_actions

        return legal_actions(game, point, player)

    # ---- the interactive stepper ------------------------------------------------------------
    action_hint = ("node ID, play ID [TARGET] [defend], use ID [ABILITY] [TARGET], attack ID, "
                   "defend ID, concede P1|P2")

    def action_text(self, a: dict) -> str | None:
        if "pass" in a:
            return "pass"
        for verb in ("node", "attack", "defend", "concede"):
            if verb in a:
                return f"{verb} {a[verb]}"
        if "play" in a:
            return " ".join([f"play {a['play']}"] + list(a.get("targets", []))
                            + (["defend"] if a.get("defend") else [])
                            + (["ignore_cost"] if a.get("ignore_cost") else []))
        if "use" in a:
            return " ".join([f"use {a['use']} {a.get('ability', 1)}"]
                            + list(a.get("targets", [])))
        return None

    def parse_action(self, words: list[str]) -> dict | None:
        verb, args = words[0], words[1:]
        if verb in ("node", "attack", "defend") and len(args) == 1:
            return {verb: args[0]}
        if verb == "concede" and len(args) == 1 and args[0] in ("P1", "P2"):
            return {"concede": args[0]}
        if verb == "play" and args:
            a: dict = {"play": args[0]}
            rest = args[1:]
            for flag in ("defend", "ignore_cost"):
                if flag in rest:
                    a[flag] = True
                    rest.remove(flag)
            if rest:
                a["targets"] = rest
            return a
        if verb == "use" and args:
            a = {"use": args[0]}
            if len(args) > 1:
                a["ability"] = int(args[1]) if args[1].isdecimal() else args[1]
            if len(args) > 2:
                a["targets"] = args[2:]
            return a
        return None

    # ---- what is shown ----------------------------------------------------------------------
    def derived(self, board, game=None) -> dict:
        """The attack and durability of every character after its modifiers (6.1.10)."""
        from ..choices import Scripted
        from .game import Game
        from .stats import battle_stats

        g = game if game is not None else Game(board, Scripted({}))
        out = {"attack": {}, "durability": {}}
        for c in board.characters():
            atk, dur = battle_stats(g, c)
            out["attack"][c.id] = atk
            out["durability"][c.id] = dur
        return out

    def card_value(self, game, card, key: str):
        if key in ("attack", "durability") and game is not None and game.b.is_character(card):
            from .stats import battle_stats

            atk, dur = battle_stats(game, card)
            return atk if key == "attack" else dur
        return getattr(card, key, None)

    def expect_extra(self, run, expect: dict, diff) -> None:
        b = run.board
        for p, want in expect.get("players", {}).items():
            for key, state in (("active_nodes", "active"), ("sleeping_nodes", "sleep")):
                if key in want:
                    have = sum(1 for c in b.cards_in(f"{p}.nodes") if c.state == state)
                    if have != want[key]:
                        diff(("players", p, key), want[key], have,
                             f"{p} has {have} {state} node(s)")
        g = expect.get("game", {})
        now = {"priority": b.priority, "interference": len(b.interference), "turn": b.turn,
               "turn_player": b.turn_player, "phase": b.phase}
        for k, want in g.items():
            if now[k] != want:
                diff(("game", k), want, now[k], f"game.{k} is {now[k]}")


ENGINE = THV()
