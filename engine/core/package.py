"""The hooks of a :class:`~engine.core.game.GameType` that a game package answers by convention.

A game package that keeps its parts in modules of the usual names can let its
game type inherit :class:`PackagedGame` instead of writing each hook out again.
Each module is imported only when a hook first needs it, so a page that plays a
deal never loads the terminal, and the command line never loads the browser
session. The package (the module that defines the game type's class) holds:

* ``options`` (an attribute of the game type): its declared options, which give
  :meth:`~PackagedGame.rules` and :meth:`~PackagedGame.read_rules`;
* ``deal_class`` (an attribute): its deal, with ``new(rules, seed, dealer=,
  names=)`` and ``from_record(data)``;
* ``.protocol``: ``read_request(data)`` (a ``ValueError`` naming what is wrong,
  which the bot protocol reports as a :class:`~engine.core.protocol.ProtocolError`),
  ``answer(action)`` and ``legal_listing(rules, position)``;
* ``.rules``: ``pack(rules)``, every card of a deal;
* ``.terminal``: ``play_in_terminal(rules, seed, input_fn, output_fn,
  opponents=, show_seats=)``;
* ``.session``: ``Session()``, the browser session;
* ``.present``: ``rules_menu()``, the Table menu;
* ``.puzzles``: ``KINDS``, its lessons' kinds of puzzle (imported when the site asks: a game in the browser never
  needs them);
* the module named by ``play_outs_module`` (an attribute; ``None``, the default, where every puzzle is judged by
  the rules alone): ``play_outs``, the computer player's imagined deals that judge a puzzle.

The deal passes to the next seat (``rules.next_seat(dealer)``) unless the game
type says otherwise.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from .game import Decision, PlayOuts, read_written_rules
from .options import Options

if TYPE_CHECKING:
    from .puzzles import PuzzleKinds

__all__ = ["PackagedGame"]


class PackagedGame:
    """GameType hooks read from the game package's modules (see the module docstring)."""

    options: Options[Any]
    deal_class: Any
    play_outs_module: str | None = None

    def _part(self, name: str) -> ModuleType:
        """The module *name* of the package that defines this game type, imported on first use."""
        return importlib.import_module(f".{name}", type(self).__module__)

    def rules(self, options: Mapping[str, object]) -> Any:
        return self.options.make(options)

    def read_rules(self, data: object) -> Any:
        """Rules as a record writes them: every option."""
        return read_written_rules(self, data, self.options.names)  # type: ignore[arg-type]

    def new_deal(self, rules: Any, seed: int, *, dealer: int = 0, names: Sequence[str] | None = None) -> Any:
        return self.deal_class.new(rules, seed, dealer=dealer, names=names)

    def next_dealer(self, rules: Any, dealer: int) -> int:
        """The seat after the dealer (in the direction of play, where the rules have one)."""
        seat: int = rules.next_seat(dealer)
        return seat

    def read_record(self, data: dict[str, Any]) -> Any:
        return self.deal_class.from_record(data)

    def read_request(self, data: dict[str, Any]) -> Any:
        from .protocol import ProtocolError

        try:
            return self._part("protocol").read_request(data)
        except ValueError as error:
            raise ProtocolError(str(error)) from None

    def answer(self, decision: Decision) -> dict[str, Any]:
        answer: dict[str, Any] = self._part("protocol").answer(decision.action)
        return answer

    def legal_listing(self, rules: Any, position: Mapping[str, str]) -> list[str]:
        listing: list[str] = self._part("protocol").legal_listing(rules, position)
        return listing

    def play_in_terminal(
        self, rules: Any, seed: int, input_fn: Callable[[str], str], output_fn: Callable[[str], object], **table: Any
    ) -> Any:
        """The terminal's deal; *table* is the seating (``opponents``, ``show_seats``)."""
        return self._part("terminal").play_in_terminal(rules, seed, input_fn, output_fn, **table)

    def pack(self, rules: Any) -> list[Any]:
        """The package's ``.rules.pack(rules)``."""
        cards: list[Any] = self._part("rules").pack(rules)
        return cards

    def session(self) -> Any:
        return self._part("session").Session()

    def rules_menu(self) -> dict[str, Any]:
        menu: dict[str, Any] = self._part("present").rules_menu()
        return menu

    @property
    def puzzle_kinds(self) -> PuzzleKinds:
        """Its lessons' puzzles: the package's ``.puzzles.KINDS``."""
        kinds: PuzzleKinds = self._part("puzzles").KINDS
        return kinds

    @property
    def play_outs(self) -> PlayOuts | None:
        """The ``play_outs`` of the module ``play_outs_module`` names; ``None`` without one."""
        if self.play_outs_module is None:
            return None
        play_outs: PlayOuts = self._part(self.play_outs_module).play_outs
        return play_outs
