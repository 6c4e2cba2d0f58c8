"""Choices the rules ask players to make, and where the answers come from.

A `Request` names the choice by the clause that asks it (907.2c, 808.2a, 906.1, …) or by the
card whose ability asks it, who makes it, and the options. A chooser answers:

  * `Scripted`  — from the board file's `choices:` (queues per key, consumed in order). In
                  strict mode a missing answer raises `ChoiceMissing`, naming the choice and who
                  makes it; an answer that is not among the options raises `ChoiceInvalid` with
                  the file position of the answer.
  * `Interactive` — scripted answers first, then asks on the terminal.
  * `Policy`    — takes the first legal option (benchmarks and property tests only).

Kinds: one (pick an option), many (pick between min and max distinct options), yesno,
distribute (an amount split among options, each ≥ 1: Z/X 804.3b, g2022 904.3b, D0 4.7.2-6;
the request's `cites` name the ruleset's clause in the error; asked through
`judgekit.engine.effects.choosing.divide`), order (every option, listed in the order the
chooser puts them: cards put onto a deck, top first).
"""

from __future__ import annotations


class Request:
    __slots__ = ("key", "keys", "chooser", "prompt", "prompt_ja", "options", "kind", "min",
                 "max", "amount", "cites")

    def __init__(self, key: str, chooser: str, prompt: str, prompt_ja: str, options=(),
                 kind: str = "one", min: int = 1, max: int = 1, amount: int = 0,
                 fallback_keys=(), cites=()) -> None:
        self.key = key
        self.keys = (key,) + tuple(fallback_keys)
        self.chooser = chooser
        self.prompt = prompt
        self.prompt_ja = prompt_ja
        self.options = [o if isinstance(o, tuple) else (o, str(o)) for o in options]
        self.kind = kind
        self.min = min
        self.max = max
        self.amount = amount
        self.cites = tuple(cites)

    def values(self) -> list:
        return [v for v, _ in self.options]

    def describe(self) -> str:
        opts = ", ".join(lab for _, lab in self.options[:12])
        if len(self.options) > 12:
            opts += f", … ({len(self.options)} in all)"
        if self.kind == "yesno":
            opts = "yes, no"
        how = ""
        if self.kind == "many":
            how = (f" (exactly {self.min})" if self.min == self.max
                   else f" ({self.min} to {self.max})")
        elif self.kind == "distribute":
            how = f" — split {self.amount} among them, at least 1 each, as {{id: amount}}"
        elif self.kind == "order":
            how = " (all of them, listed in the order chosen, first = top)"
        return f"{self.key}: {self.chooser} — {self.prompt}{how} (options: {opts})"


class ChoiceError(Exception):
    def __init__(self, message: str, request: Request, file: str = "", line: int = 0,
                 col: int = 0) -> None:
        super().__init__(message)
        self.request = request
        self.file = file
        self.line = line
        self.col = col

    def where(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col}: "
        return f"{self.file}: " if self.file else ""


class ChoiceMissing(ChoiceError):
    pass


class ChoiceInvalid(ChoiceError):
    pass


_YES = ("yes", "y", "true", "はい", "する", "1")
_NO = ("no", "n", "false", "いいえ", "しない", "0")


def normalise(req: Request, answer):
    """The answer as the engine wants it, or raise ValueError with what is wrong."""
    vals = req.values()
    if req.kind == "yesno":
        if isinstance(answer, bool):
            return answer
        s = str(answer).strip().lower()
        if s in _YES:
            return True
        if s in _NO:
            return False
        raise ValueError(f"expected yes or no, found {answer!r}")
    if req.kind == "one":
        return _one(req, answer, vals)
    if req.kind in ("many", "order"):
        if isinstance(answer, (str, int)) and not isinstance(answer, bool):
            answer = [answer]
        if not isinstance(answer, list):
            raise ValueError(f"expected a list of options, found {answer!r}")
        out = []
        pool = list(vals)
        for a in answer:
            v = _one(req, a, pool)
            pool.remove(v)
            out.append(v)
        if not req.min <= len(out) <= req.max:
            n = str(req.min) if req.min == req.max else f"{req.min} to {req.max}"
            raise ValueError(f"expected {n} option(s), found {len(out)}")
        return out
    if req.kind == "distribute":
        if isinstance(answer, list) and len(answer) == 1 and isinstance(answer[0], dict):
            answer = answer[0]
        if not isinstance(answer, dict):
            raise ValueError(f"expected {{card: amount, …}}, found {answer!r}")
        out = {}
        for k, n in answer.items():
            v = _one(req, k, vals)
            if not isinstance(n, int) or isinstance(n, bool) or n < 1:
                why = f" ({', '.join(req.cites)})" if req.cites else ""
                raise ValueError(f"each chosen card needs at least 1{why}; {k}: {n!r}")
            out[v] = n
        if sum(out.values()) != req.amount:
            raise ValueError(f"the amounts add up to {sum(out.values())}, not {req.amount}")
        return out
    raise ValueError(f"unknown choice kind {req.kind}")  # pragma: no cover


def _one(req: Request, answer, vals: list):
    if isinstance(answer, (list, dict)):
        raise ValueError(f"expected one option, found {answer!r}")
    s = str(answer).strip()
    for v in vals:
        if str(v) == s:
            return v
    low = s.lower()
    for v in vals:
        if str(v).lower() == low:
            return v
    # `unknown` (or `?`) picks a card whose identity the file does not give
    if low in ("unknown", "?"):
        for v in vals:
            if "#" in str(v) and "." in str(v).split("#")[0]:
                return v
    # a card id stands for the option `id#n` when it is the only one of that card
    pref = [v for v in vals if str(v).split("#")[0].split("@")[0] == s]
    if len(pref) == 1:
        return pref[0]
    labels = {lab: v for v, lab in req.options}
    if s in labels:
        return labels[s]
    raise ValueError(f"{answer!r} is not one of the options")


class Chooser:
    strict = True

    def choose(self, req: Request):
        """(answer, source) where source is file / asked / policy."""
        raise NotImplementedError  # pragma: no cover

    def remaining(self) -> dict:
        return {}

    def consume_forced(self, req: Request, forced) -> None:
        """A choice with one option was made without asking; an answer the file gives for it
        is used up when it names that option, so later answers stay in step."""


class Scripted(Chooser):
    def __init__(self, choices: dict, positions: dict | None = None, filename: str = "",
                 strict: bool = True) -> None:
        self.queues = {str(k): list(v) for k, v in choices.items()}
        self.used = {k: 0 for k in self.queues}
        self.positions = positions or {}
        self.filename = filename
        self.strict = strict

    def has(self, req: Request) -> bool:
        return any(self.queues.get(k) for k in req.keys)

    def choose(self, req: Request):
        for k in req.keys:
            q = self.queues.get(k)
            if q:
                i = self.used[k]
                ans = q.pop(0)
                self.used[k] += 1
                try:
                    return normalise(req, ans), "file"
                except ValueError as e:
                    line, col = self.positions.get(("choices", k, i),
                                                   self.positions.get(("choices", k), (0, 0)))
                    raise ChoiceInvalid(f"answer {ans!r} for choice {req.describe()}: {e}",
                                        req, self.filename, line, col) from None
        raise ChoiceMissing(f"missing choice {req.describe()}. Add it to the file as "
                            f"`choices: {{{req.key!r}: [...]}}`", req, self.filename)

    def remaining(self) -> dict:
        return {k: v for k, v in self.queues.items() if v}

    def consume_forced(self, req: Request, forced) -> None:
        for k in req.keys:
            q = self.queues.get(k)
            if q:
                try:
                    if normalise(req, q[0]) == forced:
                        q.pop(0)
                        self.used[k] += 1
                except ValueError:
                    pass
                return


class Policy(Chooser):
    """First legal option (deterministic). Only for benchmarks and property tests."""

    strict = False

    def __init__(self, scripted: Scripted | None = None, yes: bool = True) -> None:
        self.scripted = scripted
        self.yes = yes

    def choose(self, req: Request):
        if self.scripted is not None and self.scripted.has(req):
            return self.scripted.choose(req)
        vals = req.values()
        if req.kind == "yesno":
            return self.yes, "policy"
        if req.kind == "one":
            return vals[0], "policy"
        if req.kind == "many":
            return vals[: req.max if req.min == req.max else max(req.min, 0)], "policy"
        if req.kind == "order":
            return list(vals), "policy"
        if req.kind == "distribute":
            out = {v: 1 for v in vals}
            out[vals[0]] += req.amount - len(vals)
            return out, "policy"
        raise ValueError(req.kind)  # pragma: no cover

    def consume_forced(self, req: Request, forced) -> None:
        if self.scripted is not None:
            self.scripted.consume_forced(req, forced)


class Interactive(Chooser):
    """Scripted answers first; otherwise ask with `ask(request) -> raw answer`."""

    strict = False

    def __init__(self, scripted: Scripted, ask) -> None:
        self.scripted = scripted
        self.ask = ask

    def choose(self, req: Request):
        if self.scripted.has(req):
            return self.scripted.choose(req)
        while True:
            raw = self.ask(req)
            try:
                return normalise(req, raw), "asked"
            except ValueError as e:
                print(f"  {e}; try again")

    def remaining(self) -> dict:
        return self.scripted.remaining()

    def consume_forced(self, req: Request, forced) -> None:
        self.scripted.consume_forced(req, forced)
