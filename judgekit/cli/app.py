"""The click application. Commands live in their subsystem's module and load on first use."""

from __future__ import annotations

import importlib
import importlib.util

import click

# command name -> "module:attribute"; a module is imported only when its command runs
COMMANDS = {
    "rule": "judgekit.cli.cmd_rules:rule",
    "games": "judgekit.cli.cmd_rules:games",
    "export": "judgekit.cli.cmd_rules:export",
    "search": "judgekit.cli.cmd_search:search",
    "shell": "judgekit.cli.cmd_search:shell",
    "board": "judgekit.cli.cmd_engine:board",
    "step": "judgekit.cli.cmd_engine:step",
    "coverage": "judgekit.cli.cmd_engine:coverage",
    "ruling": "judgekit.cli.cmd_ruling:ruling",
    "site": "judgekit.cli.cmd_site:site",
    "concept": "judgekit.cli.cmd_concept:concept",
    "serve": "judgekit.cli.cmd_serve:serve",
}

SHORT_HELP = {
    "rule": "Show a clause: breadcrumb, text, examples, children, references.",
    "games": "List the rulesets with edition and clause counts.",
    "export": "Export every clause of a ruleset as JSON lines.",
    "search": "Full-text search of the rules (Japanese).",
    "shell": "Interactive lookup and search prompt.",
    "board": "Check or convert a board-state file.",
    "step": "Step through the rules processing of a board-state file.",
    "coverage": "List the clauses the engine executes (--examples: the rulebook's worked examples).",
    "ruling": "Write a cited HTML ruling for a board-state file.",
    "site": "Build the static rules site.",
    "concept": "A judge's concept: each ruleset's word and clauses, side by side.",
    "serve": "The judge's workbench: a local web app (look up, board, run, ruling).",
}


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return [n for n in COMMANDS if self._available(n)]

    @staticmethod
    def _available(name: str) -> bool:
        mod = COMMANDS[name].split(":")[0]
        return importlib.util.find_spec(mod) is not None

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        target = COMMANDS.get(name)
        if target is None or not self._available(name):
            return None
        mod, _, attr = target.partition(":")
        return getattr(importlib.import_module(mod), attr)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(n, SHORT_HELP.get(n, "")) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="judgekit")
def cli() -> None:
    """judgekit: rules reference and ruling assistant for TCG judges.

    Rulesets: zx (Z/X Ver.1.59 + 2024 how-to-play guide), g2022, d0 (Dimension Zero
    Ver.19.00), thv (東方VISION, old).
    """
