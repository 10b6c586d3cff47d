"""Play together: two people or more sharing one device round a table (pass-and-play), for every game.

The people's seats and names are the table's ``people`` (empty: you alone in seat 0). The state serves one
seat's view (``seat``), and while the device passes to the next person whose turn it is, a screen hides every
hand (``screen``) until that person taps (:meth:`PlayTogether.reveal`). A game may let people make calls out
of turn without looking at their hands (:meth:`PlayTogether._public_calls`): the state lists them for everyone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from .game import YOU
from .table import JSON, G, P, Table
from .text import seat_names

__all__ = ["HIDDEN_TILL_A_PERSON", "PlayTogether", "people_names"]

# The screen's words at a table of people while the computer players open the deal: no one is asked to tap yet.
HIDDEN_TILL_A_PERSON = "Every hand stays hidden until it is a person's turn"


class PlayTogether(Table[G, P]):
    """The people at the table, the screen between them and the calls they may make out of turn."""

    # What a state says of the served seat's own hand or choices, and what each shows behind the screen: a game
    # adds its own keys (a flag saying that nothing fits tells of the hand as much as the hand does).
    private_keys: ClassVar[dict[str, Any]] = {}

    def _start(self, game: G, bots: Sequence[str], people: dict[int, str] | None = None, **kept: Any) -> None:
        super()._start(game, bots, people, **kept)
        if self.people:  # a new deal starts behind the screen, for the first person the table waits for
            self.screen = True
            waited = self._person_waited()
            self.seat = YOU if waited is None else waited

    def reveal(self) -> JSON:
        """The person the screen names has the device and taps: the screen lifts and the state shows their hand."""
        if not self.screen:
            raise ValueError("there is no screen up: the table is already showing its person's hand")
        if self._person_waited() is None:
            raise ValueError("no person's turn yet: the computer players are playing, and the screen names who is next")
        self.screen = False
        return self.state()

    # -- what each game says ------------------------------------------------------------

    def _screened(self, state: JSON) -> JSON:
        """*state* as everyone at the table may see it: no hand, nothing said of the served seat's hand or
        choices (no prompt, no comment, no suggestion); the board, the counts and the log stay."""
        hidden = {"hand": [], "your_turn": False, "prompt": None, "comment": None, **self.private_keys}
        return {**state, **{key: value for key, value in hidden.items() if key in state}}

    def _public_calls(self, seat: int) -> list[Any]:
        """The calls *seat* may make now out of turn without looking at its hand (none by default)."""
        return []

    def _call_words(self, call: Any) -> str:
        """A call made out of turn as a button names it (see :meth:`_public_calls`)."""
        return str(call)

    def _asked_out_of_turn(self) -> bool:
        """Whether the table waits for you only to answer a call out of turn (a call any person may make:
        with people sharing the device it is listed for them instead, and the table does not stop for it)."""
        return False

    # -- the table ---------------------------------------------------------------------

    def _calls(self) -> list[JSON]:
        """The calls the people at the table may make now out of turn: each its ``seat``, its ``action`` in the
        record's encoding and the ``text`` of its button."""
        if not self.people or self._game.is_over:
            return []
        return [
            {
                "seat": seat,
                "action": self._action_json(seat, call),
                "text": f"{self.people[seat]}: {self._call_words(call)}",
            }
            for seat in sorted(self.people)
            for call in self._public_calls(seat)
        ]

    def _table_json(self, calls: list[JSON]) -> JSON | None:
        """The state's ``table`` (see :meth:`~engine.core.deals.Deals.state`), with *calls* from :meth:`_calls`."""
        if not self.people:
            return None
        name = self.people.get(self.seat, "")
        waits = self._person_waited() is not None
        screen = None
        if self.screen:
            # A deal the computers open starts behind the screen too, but names nobody until a person's turn comes.
            text = f"Pass the device to {name} — tap when ready" if waits else HIDDEN_TILL_A_PERSON
            screen = {"seat": self.seat, "name": name, "text": text}
        people = [{"seat": seat, "name": each} for seat, each in sorted(self.people.items())]
        # The served person's own calls are among their actions, on the game's own controls.
        others = [call for call in calls if call["seat"] != self.seat or self.screen]
        return {"seat": self.seat, "people": people, "screen": screen, "waits": waits, "calls": others}

    def _person_waited(self) -> int | None:
        """The person's seat the table waits for now (the served seat first), or ``None``."""
        if not self.people:
            return self.seat if self._waits_for() is not None else None
        for seat in [self.seat] + [each for each in sorted(self.people) if each != self.seat]:
            with self._serving(seat):
                if self._waits_for() is not None and (seat == self.seat or not self._asked_out_of_turn()):
                    return seat
        return None

    def _pass_on(self) -> None:
        """After a move: when the table waits for another person, the screen goes up and the device passes to them."""
        if not self.people:
            return
        if self._game.is_over:  # the hands go down on the table: no screen over the result
            self.screen = False
            return
        waited = self._person_waited()
        if waited is not None and waited != self.seat:
            self.seat = waited
            self.screen = True


def people_names(bots: Sequence[str], people: dict[int, str]) -> tuple[str, ...]:
    """The seats' names: "You" and the computer players (see :func:`~engine.core.text.seat_names`), each person's
    own name in their seat."""
    names = list(seat_names(bots))
    for seat, name in people.items():
        names[seat] = name
    return tuple(names)
