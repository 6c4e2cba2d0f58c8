"""What a ruleset gives the engine core: the `RulesetEngine` protocol.

Each engine package `judgekit/engine/<game>/` defines `ENGINE`, an instance of a subclass of
`RulesetEngine`, and is named in the table `judgekit.engine.ENGINES`. The core (board files, run,
trace, expect, coverage, the CLI, rulings, the site) reaches a ruleset only through this
object, never by importing the package by name. Attributes that import the ruleset's modules
are properties, so that `board check` does not load the effects vocabulary and a lookup loads
nothing at all.

    board files     model (Board/Card/Player), spec (BOARD, STEPS, UNTIL_WORDS), status()
    the engine      registry, readings, new_game(), new_flow(), setup(), apply_events(),
                    write_back(), legal_actions()
    what is shown   derived() (effective values), card_value() (for expect:), expect_extra(),
                    describe_change(), view (zone words, the board picture's layout)
"""

from __future__ import annotations


class RulesetEngine:
    """The conventional layout of an engine package (docs/ARCHITECTURE.md, "Adding a ruleset")
    gives every attribute below a default: `model`, `spec`, `registry` (clauses.REGISTRY),
    `readings` (readings.READINGS), `view` (view.VIEW), `status` (status.status), `new_game`
    (game.Game), `new_flow` (flow.Flow), each imported from the package when first used. A
    ruleset overrides only what it does differently."""

    game = ""  # the ruleset id: zx, g2022, d0, thv
    title = ""  # how a judge names the game

    def _module(self, name: str):
        """The engine package's module `name` (imported on first use)."""
        import importlib

        return importlib.import_module(f"{type(self).__module__}.{name}")

    # ---- board files ------------------------------------------------------------------------
    @property
    def model(self):
        """The module with `Board` (a judgekit.board.model.BaseBoard subclass)."""
        return self._module("model")

    @property
    def spec(self):
        """The module with `BOARD` (the file format), `STEPS` (the steps a file may start
        from or stop before) and `UNTIL_WORDS` (other stop points: turn_end, …)."""
        return self._module("spec")

    def status(self, board) -> list:
        """Flags of an impossible or doubtful board (judgekit.board.status.Flags)."""
        return self._module("status").status(board)

    # ---- the engine -------------------------------------------------------------------------
    @property
    def registry(self):
        """Every clause the engine cites (judgekit.engine.registry.Registry)."""
        return self._module("clauses").REGISTRY

    @property
    def readings(self) -> dict:
        """Where the rules are contradictory, ambiguous or silent: the reading followed."""
        return self._module("readings").READINGS

    def check_reading_choices(self, chosen: dict) -> list[tuple[str, str]]:
        """Problems with a file's `readings:` choices, [(reading id, message)]
        (judgekit.engine.readings.check_choices): the board package asks the engine, it does
        not import the engine package."""
        from .readings import check_choices

        return check_choices(self.readings, chosen)

    def new_game(self, board, chooser, *, on_step=None, **budgets):
        """The ruleset's Game (a judgekit.engine.game.BaseGame subclass) for `board`."""
        return self._module("game").Game(board, chooser, on_step=on_step, **budgets)

    def new_flow(self, game, *, until=None, ask_action=None):
        """The ruleset's step machine (a judgekit.engine.flow.Flow subclass)."""
        return self._module("flow").Flow(game, until=until, ask_action=ask_action)

    def setup(self, game) -> None:
        """Before the run: what the file holds beyond the board (pending triggers, …)."""

    def apply_events(self, game) -> None:
        """The file's `events`: things that just happened, applied before stepping."""

    def write_back(self, game) -> None:
        """After the run: put what the game holds back on the board (pending triggers, …),
        so that the final board is a valid starting file."""

    def legal_actions(self, game, point: str, player: str) -> list[dict]:
        """The actions a player may take at a decision point (interactive prompts, property
        tests)."""
        return [{"pass": True}]

    # ---- the interactive stepper (judgekit step -i) ------------------------------------------
    action_hint = ""  # typed actions the prompt offers as examples ("attack ID", …)

    def action_text(self, a: dict) -> str | None:
        """How an action is listed at a decision point (None: the CLI's generic words)."""
        return None

    def parse_action(self, words: list[str]) -> dict | None:
        """A typed action (its words) as an action mapping, or None when not understood."""
        return None

    # ---- what is shown ----------------------------------------------------------------------
    def derived(self, board, game=None) -> dict:
        """Effective values a picture of the board shows (power after effects, limits, …)."""
        return {}

    def card_value(self, game, card, key: str):
        """A card's value for `expect: cards:` (effective values where the rules compute
        them)."""
        return getattr(card, key, None)

    def expect_extra(self, run, expect: dict, diff) -> None:
        """Compare the ruleset's own `expect:` keys; `diff(path, expected, found, message)`."""


    @property
    def view(self):
        """How rulings show the board: zone words, the picture's grid and panels
        (judgekit.reports.view.View)."""
        return self._module("view").VIEW

    # ---- lookups ----------------------------------------------------------------------------
    def steps(self) -> tuple:
        return tuple(self.spec.STEPS)

    def until_words(self) -> tuple:
        return tuple(getattr(self.spec, "UNTIL_WORDS", ()))
