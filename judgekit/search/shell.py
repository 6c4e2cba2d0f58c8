"""`judgekit shell`: one line at a time, a clause id or a search, for a judge looking things up
all day. The index and the clause trees are opened once, so every answer after start-up is
immediate. `Shell.handle(line)` is the whole behaviour (tested directly); the loop around it
only reads lines and keeps the readline history."""

from __future__ import annotations

from .engine import Searcher, UsageError
from .render import render_miss, render_text

HELP = """\
Type a clause id (702.2a, 第4部第6章3, guide.deck) to read it, or search terms:
  致死ダメージ        a term          ライフ 0 敗北     all terms
  "ゲーム 開始"       a phrase        登場 OR 退場      either
  ダメージ -致死      exclude         #3               open hit 3 of the last search
  ブロックされなかったら  a question: read as its words; 「…」 inside it quotes words, not a phrase
Commands:
  :game G|all   ruleset (now: {game})          :under ID   search below a clause (alone: clear)
  :limit N      hits shown (now: {limit})       :help       this text     :quit (or Ctrl-D)"""


class Shell:
    def __init__(self, searcher: Searcher, game: str = "all", limit: int = 10,
                 color: bool = False, width: int = 64):
        self.s = searcher
        self.game = game
        self.limit = limit
        self.under: str | None = None
        self.color = color
        self.width = width
        self.last: list[tuple[str, str]] = []  # (game, id) of the last hits, for #N

    def prompt(self) -> str:
        where = self.game + (f" ⊂{self.under}" if self.under else "")
        return f"{where}> "

    def banner(self) -> str:
        eds = self.s.index.editions
        lines = ["judgekit shell: " + "; ".join(f"{g} {eds.get(g, '')}" for g in self.s.games)]
        for g, why in self.s.index.failed.items():
            lines.append(f"  (not indexed: {g}: {why})")
        lines.append("A clause id or search terms per line; :help for more; Ctrl-D to leave.")
        return "\n".join(lines)

    # ------------------------------------------------------------------------------------
    def handle(self, line: str) -> tuple[str, bool]:
        """(what to print, keep going) for one input line."""
        line = line.strip()
        if not line:
            return "", True
        if line.startswith(":") or line in ("?", "help"):
            return self._command(line)
        if line.startswith("#"):
            n = line[1:].strip()
            # #-1, #+2, #0 ask for a hit too (and are told the range), never read as an id
            digits = n[1:] if n[:1] in ("-", "+") else n
            if digits.isdecimal():  # not isdigit: int("²") fails
                return self._open_hit(int(n)), True
        return self._lookup_or_search(line), True

    def _command(self, line: str) -> tuple[str, bool]:
        parts = line.lstrip(":").split(None, 1)
        cmd = parts[0].lower() if parts else "help"
        arg = parts[1].strip() if len(parts) > 1 else ""
        if cmd in ("q", "quit", "exit"):
            return "", False
        if cmd in ("help", "h", "?"):
            return HELP.format(game=self.game, limit=self.limit), True
        if cmd in ("game", "g"):
            if not arg:
                return f"ruleset: {self.game} (indexed: {', '.join(self.s.games)}, all)", True
            if arg != "all" and arg not in self.s.games:
                known = ", ".join(self.s.games)
                return f"Unknown ruleset {arg!r}; choose one of: {known}, all", True
            self.game = arg
            return f"ruleset: {arg}" + self._rescope(), True
        if cmd == "limit":
            if not arg.isdecimal() or int(arg) < 1:
                return f":limit needs a positive number (now {self.limit})", True
            self.limit = int(arg)
            return f"limit: {self.limit}", True
        if cmd == "under":
            if not arg:
                self.under = None
                return "searching everywhere", True
            try:
                found = self.s._under(arg, self.s._scope(self.game))
            except UsageError as e:
                return str(e), True
            self.under = arg
            return "searching under " + ", ".join(f"{g}:{c}" for g, c in found.items()), True
        return f"Unknown command {line!r}; :help lists the commands.", True

    def _rescope(self) -> str:
        """After :game, the :under scope is checked against the new ruleset: kept where the
        section exists there, dropped (and said) where it does not."""
        if self.under is None:
            return ""
        try:
            found = self.s._under(self.under, self.s._scope(self.game))
        except UsageError:
            gone = self.under
            self.under = None
            return f"; no clause {gone} in {self.game}: searching everywhere"
        return "; still searching under " + ", ".join(f"{g}:{c}" for g, c in found.items())

    def _show_clause(self, game: str, cid: str) -> str:
        from ..rules import load
        from ..rules.lookup import render_text as clause_text

        rs = load(game)
        c = rs.get(cid)
        if c is None:
            return f"{game}:{cid} is no longer in the rules (the index is older than the trees)"
        return clause_text(rs, c)

    def _open_hit(self, k: int) -> str:
        if not self.last:
            return "No search yet: #N opens hit N of the last search."
        if not 1 <= k <= len(self.last):
            return f"The last search showed {len(self.last)} hits: #1 … #{len(self.last)}."
        return self._show_clause(*self.last[k - 1])

    def _lookup_or_search(self, line: str) -> str:
        try:
            res = self.s.search(line, games=self.game, under=self.under, limit=self.limit)
        except UsageError as e:
            return f"Error: {e}"
        jumps = [h for h in res.hits if h.jump]
        if len(jumps) == 1:
            h = jumps[0]
            others = res.total - 1
            text = self._show_clause(h.game, h.id)
            if others:
                text += f"\n\n({others} other clause{'s' if others != 1 else ''} mention "\
                        f"{line!r}: search for it in quotes, \"{line}\")"
            return text
        if not res.hits and res.query.empty:
            # nothing to search for (「」, -「ダメージ」): a usage error, as `judgekit search` says
            from .suggest import explain_miss

            self.last = []
            return "Error: " + " ".join(explain_miss(self.s, res))
        if not res.hits:
            self.last = []
            return render_miss(self.s, res)
        self.last = [(h.game, h.id) for h in res.hits]
        return render_text(self.s, res, self.color, self.width, numbered=True)
