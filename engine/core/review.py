"""The review of a finished deal, for every game: at a choice of yours, each option's estimated chance to win,
a verdict on the option played, and a sentence that agrees with the numbers shown beside it.

A game's review (the ``review`` module of its package, with ``decisions``, ``estimate`` and ``replay``: see
:class:`engine.core.session.Review`) finds your choices and plays each option out on the same imagined deals
with its computer player; this module turns those results into what the page shows, by one rule for every game:

- an option's chance is its share of wins, shown in whole percent (:func:`percent`);
- the option played is ``best`` when no other did better, ``costly`` only when the best option beat it by
  more than the estimate's own noise (:data:`NOISE_SE` standard errors of the paired difference, see
  :func:`paired_error`) and by at least :data:`SMALLEST_COST`, and ``close`` otherwise;
- the sentence (``note``) uses only numbers shown beside the cards, and says why in the lessons' words when the
  game gives a reason (its *why* and *strength* callbacks).

Suggest, at a choice the review would weigh, gives the review's own best option (:func:`advise`), weighed on the
same imagined deals (each game seeds them by the deal and the move), so the review never calls following Suggest a
mistake: one judgement, not a quick tip at the table and another afterwards.

>>> found = judge(7, [("7C", "7♣"), ("6D", "6♦")], 0, [[1, 1, 0, 1], [1, 0, 0, 0]],
...               strength=lambda i: "opens more of your own", why=lambda best, played: "")
>>> found["verdict"], [card["percent"] for card in found["cards"]], found["note"]
('best', [75, 25], "The 7♣ you played had Sam's best estimate, 75% to win: it opens more of your own.")

An option may be more than one card (a chain), a card with a word more (a wild card and the suit it names), or no
card at all (a draw): each option says the cards it ``lays`` (codes) and its ``label`` in words with its chance, and
is ``alone`` when it is just one card no other option lays, so the page can put its chance on that card; the page
marks every card of the option played and of the best one, and lists the options not ``alone`` by their labels.

>>> found = judge(3, [("2C", "2♣"), ("2C 2S", "2♣ 2♠"), ("draw", "draw")], 1, [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0]],
...               lays=[["2C"], ["2C", "2S"], []], strength=lambda i: "", why=lambda best, played: "")
>>> [(card["lays"], card["alone"], card["label"]) for card in found["cards"]]
[(['2C'], False, '2♣ — 25%'), (['2C', '2S'], False, '2♣ 2♠ — 25% (played)'), ([], False, 'draw — 0%')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .text import counted

__all__ = ["NOISE_SE", "SMALLEST_COST", "advise", "judge", "paired_error", "percent"]

# A choice is called costly only when the best option's estimate beats the option played by more than the
# estimates' own noise: NOISE_SE standard errors of the difference, measured deal by deal (every option is played
# out on the same imagined deals, so the difference is paired). A fixed gap in points cannot do this: on 150-300
# deals an option, 6% against 11% may be a real difference while 43% against 49% is not (the standard error of a
# chance p on n deals is sqrt(p(1-p)/n), largest near 50%). Two standard errors keep the review from calling
# about one choice in twenty costly when the options were really equal.
NOISE_SE = 2.0
# Below this many points a gap is too small to be worth a sentence, however sure the estimate.
SMALLEST_COST = 0.02


def paired_error(first: Sequence[float], second: Sequence[float]) -> float:
    """The standard error of the mean difference between two options' results on the same deals."""
    differences = [a - b for a, b in zip(first, second, strict=True)]
    n = len(differences)
    if n < 2:
        return 1.0
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return math.sqrt(variance / n)


def percent(chance: float) -> int:
    """A chance in whole percent, as the page shows it (``percent`` beside each card) and the note says it."""
    return math.floor(100 * chance + 0.5)


def _chances(outcomes: Sequence[Sequence[float]]) -> list[float]:
    deals = max(len(outcomes[0]), 1)
    return [sum(results) / deals for results in outcomes]


def advise(
    heads: Sequence[str],
    names: Sequence[str],
    outcomes: Sequence[Sequence[float]],
    choices: str,
    strength: Callable[[int], str] = lambda i: "",
) -> tuple[int, str, str]:
    """Suggest's advice at a choice the review weighs: the option with the best estimate (the first of equal ones;
    :func:`judge` calls any of them best when it is the one played), the advice in a learner's words, and with the
    working: ``(index, plain, reason)``. *heads* say each option as advice ("Play 7♣"), *names* as the review
    names it ("7♣"), *outcomes* as for :func:`judge`, *choices* what the options were ("of the cards that fit"),
    *strength(i)* what option *i* does well, as for :func:`judge`.

    >>> advise(["Play 7♣", "Play 6♦"], ["7♣", "6♦"], [[1, 1, 0, 1], [1, 0, 0, 0]], "of the cards that fit",
    ...        strength=lambda i: "opens more of your own")
    (0, 'Play 7♣: of the cards that fit, it gives you the best chance to win (it opens more of your own).', \
'Play 7♣: over 4 imagined deals it gives you about 75% to win, the best of the cards that fit (the 6♦ about 25%).')
    """
    chances = _chances(outcomes)
    everyone = range(len(heads))
    best = max(everyone, key=lambda i: chances[i])
    runner = max((i for i in everyone if i != best), key=lambda i: chances[i])
    deals = len(outcomes[0])
    said = strength(best)
    plain = f"{heads[best]}: {choices}, it gives you the best chance to win" + (f" (it {said})." if said else ".")
    reason = (
        f"{heads[best]}: over {counted(deals, 'imagined deal')} it gives you about {percent(chances[best])}% to win, "
        f"the best {choices} (the {names[runner]} about {percent(chances[runner])}%)."
    )
    return best, plain, reason


def _points(number: int) -> str:
    return counted(number, "percentage point")


def judge(
    move: int,
    cards: Sequence[tuple[str, str]],
    played: int,
    outcomes: Sequence[Sequence[float]],
    *,
    strength: Callable[[int], str],
    why: Callable[[int, int], str],
    lays: Sequence[Sequence[str]] | None = None,
) -> dict[str, Any]:
    """What the review shows at your choice before *move*: *cards* are the options (``(code, display)``), *played*
    the index of the one you took, *outcomes* each option's result on each imagined deal (1 a win, 0 a loss, or a
    chance between), the same deals for every option; *lays* the codes of the cards each option lays (by default
    each option is the one card its code names).

    *strength(i)* says what option *i* does well, to end "it ..." (empty: nothing to say); *why(best, played)*
    says in a sentence why option *best* did better than *played* (empty when no plain reason stands out).
    """
    chances = _chances(outcomes)
    everyone = range(len(cards))
    # Equal estimates favour the option played: a review should not invent a mistake.
    best = max(everyone, key=lambda i: (chances[i], i == played))
    cost = chances[best] - chances[played]
    margin = NOISE_SE * paired_error(outcomes[best], outcomes[played])
    verdict = "best" if best == played else "costly" if cost > max(margin, SMALLEST_COST) else "close"
    shown = [percent(chance) for chance in chances]
    laid = [list(each) for each in lays] if lays is not None else [[code] for code, _ in cards]
    if len(laid) != len(cards):
        raise ValueError(f"lays names the cards of {len(laid)} options, but there are {len(cards)} options")
    every = [code for each in laid for code in each]
    alone = [each == [code] and every.count(code) == 1 for (code, _), each in zip(cards, laid, strict=True)]
    return {
        "move": move,
        "played": {"code": cards[played][0], "display": cards[played][1]},
        "cards": [
            {
                "code": code,
                "display": display,
                "chance": round(chance, 3),
                "percent": whole,
                "lays": laid[i],
                "alone": alone[i],
                "label": f"{display} — {whole}%" + (" (played)" if i == played else ""),
            }
            for i, ((code, display), chance, whole) in enumerate(zip(cards, chances, shown, strict=True))
        ],
        "best": cards[best][0],
        "cost": round(cost, 3),
        "margin": round(margin, 3),
        "verdict": verdict,
        "noticeable": verdict == "costly",
        "note": _note(verdict, [display for _, display in cards], shown, best, played, margin, strength, why),
    }


def _note(
    verdict: str,
    names: list[str],
    shown: list[int],
    best: int,
    played: int,
    margin: float,
    strength: Callable[[int], str],
    why: Callable[[int, int], str],
) -> str:
    """The review's sentence about one choice; every number in it is one the page shows beside the cards."""
    mine, top = shown[played], shown[best]
    if verdict == "best" and all(each == mine for each in shown):
        return (
            f"The {names[played]} you played and every other card that fitted scored the same by Sam's estimate, "
            f"about {mine}% to win: your choice made no difference here."
        )
    if verdict == "best":
        said = strength(played)
        return f"The {names[played]} you played had Sam's best estimate, {mine}% to win" + (
            f": it {said}." if said else "."
        )
    if top == mine:
        return (
            f"The {names[best]} and the {names[played]} you played scored the same by Sam's estimate, "
            f"about {mine}%: your choice cost nothing."
        )
    if verdict == "close":
        return (
            f"The {names[best]} scored a little higher ({top}% against {mine}% for the "
            f"{names[played]} you played), but Sam's estimates wobble by give or take about "
            f"{_points(percent(margin))}, so a gap that small could be luck: your choice cost little or nothing."
        )
    reason = why(best, played) or "No single reason stands out: it did better when Sam played the deal out."
    return (
        f"The {names[best]} gave you about {top}% to win, the {names[played]} you played about "
        f"{mine}%: it cost you about {_points(top - mine)}. {reason}"
    )
