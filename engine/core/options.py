"""A game's options, declared once: every reader, menu, note, help text and docs table comes from the declaration.

A game lists its :class:`Option` values in an :class:`Options` table, with its
presets and a check for options that cannot go together, and binds the table
to its frozen rules dataclass (whose fields must be the options, in order,
with the same defaults: :meth:`Options.rules` checks this when the module is
imported). From the table come:

- reading values given as JSON or as command-line text (:meth:`Options.make`,
  :meth:`Options.parse`), with a :class:`RulesError` naming the option and the
  values it allows; the check of a rules object built directly
  (:meth:`Options.check`, called from the dataclass's ``__post_init__``);
- the presets (:attr:`Options.presets`; text may name a preset and then
  options that change it), ``to_json`` (every option, in order), the rules as
  ``--rules`` writes them (:meth:`Options.text`) and their name
  (:meth:`Options.describe`);
- the rule notes shown at the table (:meth:`Options.notes`: the sentence the
  declaration gives for each chosen value that has one, usually one per option
  that differs from the defaults), the Table menu (:meth:`Options.menu`), the
  command line's help (:meth:`Options.help`) and the docs table
  (:meth:`Options.markdown`, kept current in ``docs/options.md`` by a test);
- what the game's page says at a table (:meth:`Options.said`): its heading, its
  text and its keys, each sentence declared with the option values it rests on
  (:class:`Said`), so a preset's table never speaks of a rule it switches off;
  beside it, the list of what differs from the preset (:meth:`Options.table_notes`).

**Text**: every value has one text form, :func:`value_text` (``none``,
``true``/``false``, ``7D``, ``5``). Command-line text, or a JSON string, reads
as the value whose text form it is, case and surrounding spaces ignored (and
``null`` as ``none``); a whole number written in decimal digits is that number,
leading zeros and all (``players=05`` is 5, in every game). A JSON value must be
an allowed value of the same type (``true`` is not ``1``, ``5.0`` is not ``5``).
Each option is given once, in text and in an object alike (``Players`` and
``players`` name one option).

>>> from dataclasses import dataclass
>>> DICE = Options("Dice", [
...     Option("players", tuple(range(2, 7)), 4, "how many play"),
...     Option("bonus", (False, True), False, "a six scores double", notes={True: "A six scores double."}),
...     Option("wild", (6, 1, "none"), "none", "the wild face"),
... ], presets=[Preset("dice", "Dice", {}), Preset("lucky", "Lucky Dice", {"bonus": True})],
...    check=lambda values: "bonus and wild may not both be on" if values["bonus"] and values["wild"] == 6 else None)
>>> @DICE.rules
... @dataclass(frozen=True)
... class DiceRules:
...     players: int = 4
...     bonus: bool = False
...     wild: int | str = "none"
...     def __post_init__(self) -> None:
...         DICE.check(self)
>>> DICE.make({"players": "5", "bonus": "TRUE"})
DiceRules(players=5, bonus=True, wild='none')
>>> DICE.parse("lucky,players=3") == DiceRules(players=3, bonus=True), DICE.describe(DiceRules(players=3, bonus=True))
(True, 'Lucky Dice, 3 players')
>>> DICE.make({"players": "05"}).players
5
>>> DICE.make({"players": "9"})
Traceback (most recent call last):
...
engine.core.game.RulesError: players '9' is not allowed: choose 2–6
>>> DICE.parse("bonus=true,wild=6")
Traceback (most recent call last):
...
engine.core.game.RulesError: bonus and wild may not both be on
>>> DICE.notes(DiceRules(bonus=True)), DICE.text(DiceRules(bonus=True))
(['A six scores double.'], 'players=4,bonus=true,wild=none')
>>> print(DICE.markdown())
| option | values | default | what it does |
|---|---|---|---|
| `players` | 2–6 | `4` | how many play |
| `bonus` | `false`, `true` | `false` | a six scores double |
| `wild` | `6`, `1`, `none` | `none` | the wild face |
<BLANKLINE>
- `dice` (Dice): every default
- `lucky` (Lucky Dice): bonus=true
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from .game import RulesError
from .jsontext import shown
from .text import join_words

__all__ = ["Option", "Options", "Preset", "Said", "Value", "value_text"]

Value = int | str | bool | None
R = TypeVar("R")
JSON = dict[str, Any]


def option_name(name: str) -> str:
    """An option's name however it is written: ``Pass-Limit`` is ``pass_limit``."""
    return name.strip().lower().replace("-", "_")


def _twice(name: str, first: object, second: object) -> str:
    return f"{name} is given twice ({shown(first)} and {shown(second)}): give each option once"


def value_text(value: Value) -> str:
    """A value as ``--rules`` writes it: ``none``, ``true``, ``false``, ``7D``, ``5``."""
    if value is None:
        return "none"
    return str(value).lower() if isinstance(value, bool) else str(value)


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


def _runs(values: Sequence[Value]) -> list[str]:
    """The values' text forms, with three or more consecutive whole numbers written as one run (``3–8``)."""
    words: list[str] = []
    run: list[int] = []

    def close() -> None:
        words.extend([f"{run[0]}–{run[-1]}"] if len(run) >= 3 else [str(number) for number in run])
        run.clear()

    for value in values:
        if type(value) is int and run and value == run[-1] + 1:
            run.append(value)
            continue
        close()
        if type(value) is int:
            run.append(value)
        else:
            words.append(value_text(value))
    close()
    return words


@dataclass(frozen=True)
class Option:
    """One option: its *name*, the *values* it allows (as JSON writes them, in the order a menu offers them), its
    *default*, and its *meaning* in one line (for ``--help``, the menu and the docs table).

    *label*: the menu's name for it (the name with spaces). *words*: a value in words for the menu (its text form
    otherwise). *notes*: the sentence the table shows when a value is chosen. *menu*: the values the Table menu
    offers, when not all of them.
    """

    name: str
    values: tuple[Value, ...]
    default: Value
    meaning: str
    label: str = ""
    words: Mapping[Value, str] = field(default_factory=dict)
    notes: Mapping[Value, str] = field(default_factory=dict)
    menu: tuple[Value, ...] | None = None

    def __post_init__(self) -> None:
        assert self.values and any(_same(self.default, value) for value in self.values), self.name
        for value in (*self.words, *self.notes, *(self.menu or ())):
            assert any(_same(value, allowed) for allowed in self.values), (self.name, value)

    @property
    def allowed(self) -> str:
        """The values in a sentence: whole numbers first (runs as ``a–b``), then the words, ``true`` before
        ``false``, and ``none`` last: ``1–5 or none``, ``true or false``."""

        def rank(value: Value) -> int:
            return (
                0 if type(value) is int else 2 if value is True else 3 if value is False else 4 if value is None else 1
            )

        return join_words(_runs(sorted(self.values, key=rank)), "or")

    def read(self, value: object) -> Value:
        """*value* (JSON, or text) as the allowed value it is; :class:`RulesError` naming the option otherwise."""
        for allowed in self.values:
            if _same(value, allowed):
                return allowed
        if isinstance(value, str):
            text = value.strip().lower()
            if text.isascii() and text.isdigit():
                text = text.lstrip("0") or "0"  # 05 is 5: a number, not its spelling, and never int() of a huge text
            for allowed in self.values:
                if text == value_text(allowed).lower() or (allowed is None and text == "null"):
                    return allowed
        raise RulesError(f"{self.name} {shown(value)} is not allowed: choose {self.allowed}")

    @property
    def explained(self) -> str:
        """The meaning, then each value that is not a number with its words, for ``--help`` and the docs, where
        the values are written as ``--rules`` takes them: ``how a deal starts (7D: the 7♦ opens; ...)``."""
        named = [f"{value_text(value)}: {self.in_words(value)}" for value in self.values if type(value) is not int]
        return f"{self.meaning} ({'; '.join(named)})" if named and self.words else self.meaning

    def in_words(self, value: Value) -> str:
        return self.words.get(value, value_text(value)) if value is not None else self.words.get(None, "none")


@dataclass(frozen=True)
class Preset:
    """Named rules: the options that differ from the defaults."""

    name: str
    title: str
    options: Mapping[str, Value]


@dataclass(frozen=True)
class Said:
    """A sentence the table says (of the game, or of a key) while the rules are as *when* gives: option name -> the
    value, or a tuple of the values, under which it is true; always, when *when* is empty. A rule a preset switches
    off is never mentioned at its table, because each sentence names the options it rests on."""

    text: str
    when: Mapping[str, Value | tuple[Value, ...]] = field(default_factory=dict)

    def holds(self, values: Mapping[str, Value]) -> bool:
        for name, wanted in self.when.items():
            allowed = wanted if isinstance(wanted, tuple) else (wanted,)
            if not any(_same(values[name], each) for each in allowed):
                return False
        return True


class Options(Generic[R]):
    """A game's options in order, its presets and a *check* of values that cannot go together (it returns the
    error, naming both options, or ``None``). See the module docstring."""

    def __init__(
        self,
        title: str,
        options: Iterable[Option],
        *,
        presets: Iterable[Preset] = (),
        check: Callable[[Mapping[str, Value]], str | None] | None = None,
        about: Iterable[Said] = (),
        keys: Iterable[Said] = (),
    ) -> None:
        self.title = title
        self.options = {option.name: option for option in options}
        self.about = tuple(about)
        self.keys = tuple(keys)
        for said in (*self.about, *self.keys):
            for name, wanted in said.when.items():
                assert name in self.options, (said.text, name)
                for value in wanted if isinstance(wanted, tuple) else (wanted,):
                    assert any(_same(value, allowed) for allowed in self.options[name].values), (said.text, value)
        self.preset_list = tuple(presets)
        self.combination = check
        self._type: Callable[..., R] | None = None
        self._presets: dict[str, R] = {}
        self._tables: dict[object, JSON] = {}  # table_json's answers, by rules

    # -- the rules type --------------------------------------------------------------

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.options)

    def rules(self, cls: type[R]) -> type[R]:
        """Bind the game's frozen rules dataclass (a class decorator); its fields must be the options, in order,
        with the declared defaults (fields that are not arguments of the constructor are left alone)."""
        fields = [item for item in dataclasses.fields(cls) if item.init]  # type: ignore[arg-type]
        assert [item.name for item in fields] == list(self.options), f"{cls.__name__} fields differ from the options"
        for item in fields:
            assert _same(item.default, self.options[item.name].default), f"{cls.__name__}.{item.name}: default"
        self._type = cls
        return cls

    def check(self, rules: object) -> None:
        """Refuse rules built directly with a value their options do not allow, or with values that do not go
        together (call it from the dataclass's ``__post_init__``)."""
        values = {}
        for name, option in self.options.items():
            value = getattr(rules, name)
            if not any(_same(value, allowed) for allowed in option.values):
                raise RulesError(f"{name} {shown(value)} is not allowed: choose {option.allowed}")
            values[name] = value
        problem = self.combination(values) if self.combination else None
        if problem:
            raise RulesError(problem)

    # -- reading -------------------------------------------------------------------------

    def make(self, options: Mapping[str, object]) -> R:
        """The rules with *options* (name -> value, as JSON or text; a name may be written with ``-`` or capitals),
        the rest at their defaults; :class:`RulesError` names an unknown option, an option given twice, or a bad
        value with the values allowed."""
        assert self._type is not None, f"{self.title}'s rules type is not bound"
        values: dict[str, Value] = {}
        written: dict[str, object] = {}
        for name, value in options.items():
            key = option_name(name) if isinstance(name, str) else name
            option = self.options.get(key) if isinstance(key, str) else None
            if option is None:
                raise RulesError(f"unknown option {shown(name)}: {self.title} has {join_words(list(self.options))}")
            if option.name in values:
                raise RulesError(_twice(option.name, written[option.name], name))
            values[option.name] = option.read(value)
            written[option.name] = name
        return self._type(**values)

    def parse(self, text: str) -> R:
        """Rules from command-line text: a preset by name (``fan-tan``), options (``players=5,scoring=chips``),
        or a preset followed by options that change it (``fan-tan,players=6``). An option given twice is refused,
        and so is a preset after options (which would silently undo them)."""
        options: dict[str, str] = {}
        written: dict[str, str] = {}
        base: Mapping[str, Value] = {}
        for part in text.split(","):
            part = part.strip()
            if not part:
                continue
            name, equals, value = part.partition("=")
            if not equals:
                preset = self.presets.get(name.strip().lower())
                if preset is None and not self.presets:
                    raise RulesError(
                        f"{shown(part)} is not an option written name=value, like players=5 ({self.title} has no presets)"
                    )
                if preset is None:
                    known = ", ".join(self.presets)
                    raise RulesError(
                        f"{shown(part)} is neither a preset ({known}) nor an option written name=value, like players=5"
                    )
                if options or base:
                    raise RulesError(f"{shown(part)}: a preset comes first, before any options, like {part},players=5")
                base = self.to_json(preset)
                continue
            key = option_name(name)
            if not key:
                raise RulesError(f"{shown(part)} names no option: write name=value, like players=5")
            if key in options:
                raise RulesError(_twice(key, written[key], part))
            options[key] = value.strip()
            written[key] = part
        return self.make({**base, **options})

    # -- presets, JSON and text ------------------------------------------------------------

    @property
    def presets(self) -> Mapping[str, R]:
        """Every preset by name, as rules."""
        if not self._presets and self.preset_list:
            self._presets.update((preset.name, self.make(preset.options)) for preset in self.preset_list)
        return self._presets

    @property
    def default(self) -> R:
        return self.make({})

    def to_json(self, rules: object) -> JSON:
        """Every option written out, in order, as a record keeps them."""
        return {name: getattr(rules, name) for name in self.options}

    def text(self, rules: object) -> str:
        """Every option as ``--rules`` takes them: ``players=5,opening=any-seven,...``."""
        return ",".join(f"{name}={value_text(value)}" for name, value in self.to_json(rules).items())

    def changed(self, rules: object) -> dict[str, Value]:
        """The options that differ from the defaults."""
        return {
            name: value for name, value in self.to_json(rules).items() if not _same(value, self.options[name].default)
        }

    def preset_of(self, rules: object) -> Preset | None:
        """The preset *rules* are, whatever the number of players."""
        changed = {name: value for name, value in self.changed(rules).items() if name != "players"}
        for preset in self.preset_list:
            if changed == {
                name: value for name, value in self.changed(self.presets[preset.name]).items() if name != "players"
            }:
                return preset
        return None

    def nearest(self, rules: object) -> tuple[str, R]:
        """The title and rules of the table *rules* start from, whatever the number of players: the preset they
        differ from in fewest options (the first of those tied), or the game's defaults when those are closer."""
        values = self.to_json(rules)

        def distance(base: R) -> int:
            written = self.to_json(base)
            return sum(1 for name in self.options if name != "players" and not _same(values[name], written[name]))

        bases = [(preset.title, self.presets[preset.name]) for preset in self.preset_list]
        return min([*bases, (self.title, self.default)], key=lambda base: distance(base[1]))

    def describe(self, rules: object) -> str:
        """The table's name: the preset's title if the rules are one, else the nearest preset's (or the game's) and
        the options that differ from it; with the number of players when not the default."""
        players = getattr(rules, "players", None)
        default_players = self.options["players"].default if "players" in self.options else players
        seats = "" if players == default_players else f", {players} players"
        title, base = self.nearest(rules)
        written = self.to_json(base)
        changed = [
            f"{name}={value_text(value)}"
            for name, value in self.to_json(rules).items()
            if name != "players" and not _same(value, written[name])
        ]
        return title + seats + (f" ({', '.join(changed)})" if changed else "")

    # -- words for people -------------------------------------------------------------------

    def notes(self, rules: object) -> list[str]:
        """The rule notes shown at the table: each chosen value's sentence, in the options' order."""
        notes = []
        for name, option in self.options.items():
            value = getattr(rules, name)
            for noted, sentence in option.notes.items():
                if _same(value, noted):
                    notes.append(sentence)
        return notes

    def table_notes(self, rules: object) -> list[str]:
        """The list of rules beside the table: what differs from the preset the table starts from (its own rules
        are the page's text, :meth:`said`), each chosen value's sentence (:meth:`notes`); all of them at a game
        without presets."""
        if not self.preset_list:
            return self.notes(rules)
        usual = set(self.notes(self.nearest(rules)[1]))
        return [note for note in self.notes(rules) if note not in usual]

    def said(self, rules: object) -> JSON:
        """What the game's page says at a table of *rules*, made from the declaration: ``heading`` (the name of the
        preset it starts from, or the game's: :meth:`nearest`), ``about`` (the sentences of the game's text that hold under these rules) and ``keys``
        (the keys, those that hold)."""
        values = self.to_json(rules)
        keys = [said.text for said in self.keys if said.holds(values)]
        return {
            "heading": f"Play {self.nearest(rules)[0]}",
            "about": [said.text for said in self.about if said.holds(values)],
            "keys": f"Keys: {join_words(keys)}." if keys else "",
        }

    def table_json(self, rules: object) -> JSON:
        """The rules as the table shows them: the options, their name, their text, the notes beside the table
        (:meth:`table_notes`) and what the page says of them (:meth:`said`).

        Made once for each rules (frozen, so they never change) and shared by every state that shows them: every
        reply carries the state, and making this block again each time was 101 of the 770 Python calls of one
        ``act`` (issue 45). Nothing may change the block it returns."""
        made = self._tables.get(rules)
        if made is None:
            if len(self._tables) >= 64:  # a page shows a few rules; a test that tries hundreds keeps no more
                self._tables.clear()
            made = self._tables[rules] = {
                "options": self.to_json(rules),
                "name": self.describe(rules),
                "text": self.text(rules),
                "notes": self.table_notes(rules),
                **self.said(rules),
            }
        return made

    def menu(self) -> JSON:
        """What the game page's Table menu offers: every option (``name``, ``label``, ``text`` its meaning,
        ``values`` as ``--rules`` writes them, ``words`` the same values in words, ``default``), every preset
        (``name``, ``title``, ``options``, ``notes``) and ``default``: the default rules as the page asks for
        them (the preset they are, or ``""``)."""
        default = self.default
        preset = self.preset_of(default)
        return {
            "options": [
                {
                    "name": name,
                    "label": option.label or name.replace("_", " "),
                    "text": option.meaning,
                    "values": [value_text(value) for value in option.menu or option.values],
                    "words": [option.in_words(value) for value in option.menu or option.values],
                    "default": value_text(option.default),
                }
                for name, option in self.options.items()
            ],
            "presets": [
                {
                    "name": preset.name,
                    "title": preset.title,
                    "options": {
                        name: value_text(value) for name, value in self.to_json(self.presets[preset.name]).items()
                    },
                    "notes": self.notes(self.presets[preset.name]),
                }
                for preset in self.preset_list
            ],
            "default": preset.name if preset is not None and self.presets[preset.name] == default else "",
        }

    def help(self) -> str:
        """The options and presets for ``--help``: one line an option."""
        lines = [
            f"  {name}: {option.allowed} (default {value_text(option.default)}): {option.explained}"
            for name, option in self.options.items()
        ]
        if self.preset_list:
            lines.append("  presets: " + ", ".join(preset.name for preset in self.preset_list))
        return "\n".join(lines)

    def markdown(self) -> str:
        """The options as a Markdown table: option, values, default, what it does."""
        rows = ["| option | values | default | what it does |", "|---|---|---|---|"]
        for name, option in self.options.items():
            values = ", ".join(word if "–" in word else f"`{word}`" for word in _runs(option.values))
            rows.append(f"| `{name}` | {values} | `{value_text(option.default)}` | {option.explained} |")
        if self.preset_list:
            rows.append("")
            for preset in self.preset_list:
                changes = ", ".join(f"{name}={value_text(value)}" for name, value in preset.options.items())
                rows.append(f"- `{preset.name}` ({preset.title}): {changes or 'every default'}")
        return "\n".join(rows)
