"""The editions of the Laws a table can follow: 2017 (in force, the default) and 2007 (Law 80A: the Regulating
Authority names the edition; :attr:`Regulations.edition <tenace.laws.refs.Regulations>`).

The engine keeps one set of rectifications and branches where the 2007 text gives a different mechanical
result; each branch cites the 2007 clause (``LawRef(31, "A2(a)", 2007)`` prints ``Law 31A2(a) (2007)``).
Where the two editions do the same thing under different numbers, the engine cites the 2017 clause and
:func:`in_edition` gives the clause a reader of the 2007 book looks for. The differences the engine follows
(``docs/laws-engine.md`` lists them with what is left to the Director):

* Law 27B1(a) (2007): the lowest sufficient bid in the same denomination needs both bids natural; the engine
  reads an alert or an explanation on either as artificial, and the Director then judges under Law 27B1(b)
  (2007): the same meaning, or a more precise one (not 2017's comparable call of Law 23A).
* Laws 30A, 30B1, 30B2(a), 30B2(b) (2007): a pass out of rotation before any bid silences the offender once;
  at partner's turn after a bid, the offender passes to the end and his partner may not double or redouble
  at that turn.
* Laws 31A2(a), 31A2(b), 31B (2007): a bid out of rotation at RHO's turn, RHO having called: the offender's
  partner passes once if the offender repeats the denomination, to the end otherwise; at partner's or LHO's
  turn, to the end. Laws 32A, 32B2 (2007): after a double or redouble, partner passes to the end.
* Laws 26A1, 26A2(a), 26A2(b), 26B (2007): a withdrawn call that named suits lets declarer require or forbid
  one the offender did not name in the lawful auction (none if he named them all); any other withdrawn call
  lets him forbid any one suit.
* Laws 17D1, 17D2 (2007) (2017's 15A): a call made holding another board's cards is cancelled alone; the LHO
  who called over it repeats his call, and the Director judges whether the offender's new call differs.
* Law 64B7 (2007): no trick is transferred once both sides have revoked on the board, the other side's
  revoke corrected or established. Law 68D (2007): play ceases after a claim; a doubted claim goes to the
  Director, never played on (2017's 68D2(b)).
"""

from __future__ import annotations

from typing import Final

from tenace.laws.refs import EDITIONS, LawRef

__all__ = ["DEFAULT", "EDITIONS", "OLD", "ONLY_2017", "RENUMBERED", "cite", "in_edition"]

DEFAULT: Final = 2017
OLD: Final = 2007

RENUMBERED: Final[dict[tuple[int, str], tuple[int, str]]] = {
    # Law 16: the 2007 book has information from other sources in C, withdrawn actions in D; 2017 swaps them
    (16, "C"): (16, "D"), (16, "C1"): (16, "D1"), (16, "C2"): (16, "D2"), (16, "C3"): (16, "A4"),
    (16, "D"): (16, "C"), (16, "D1"): (16, "C1"), (16, "D2"): (16, "C2"), (16, "D2(a)"): (16, "C2(a)"),
    (16, "D2(b)"): (16, "C2(b)"), (16, "D2(c)"): (16, "C2(c)"), (16, "D2(d)"): (16, "C2(d)"),
    (16, "D3"): (16, "C3"),
    (17, "D3"): (17, "E2"),  # three passes with one out of rotation (Law 34 points there in both)
    # calls made holding another board's cards: Law 17D in the 2007 book, 15A in 2017
    (15, "A"): (17, "D"), (15, "A1"): (17, "D1"), (15, "A2"): (17, "D2"), (15, "A3"): (17, "D3"),
    (15, "A4"): (17, "D4"),
    (24, "D"): (24, ""), (24, "E"): (24, ""),  # cards exposed in the auction: one paragraph in 2007
    (25, "A2"): (25, "A1"), (25, "A3"): (25, "A1"), (25, "A4"): (25, "A2"), (25, "A5"): (25, "A3"),
    (25, "A6"): (25, "A4"),
    (50, "E2"): (50, "E2"), (50, "E3"): (50, "E2"), (50, "E4"): (50, "E3"),  # information from penalty cards
    (72, "C"): (23, ""),  # an offender who could have known his irregularity would damage (2007's Law 23)
}
"""2017 clauses the 2007 book has under another number, for the same rule."""

ONLY_2017: Final = frozenset({
    (23, ""), (23, "A"), (23, "B"), (23, "C"),  # the comparable call
    (36, "C"),  # an inadmissible double found after the auction: 2007 has no clause
    (51, "B2(c)"),  # several penalty cards, declarer neither requires nor forbids: not written out in 2007
    (62, "C3"),  # both sides revoking on one trick
    (64, "B8"), (64, "C2"), (64, "C2(a)"), (64, "C2(b)"),
})
"""2017 clauses with no counterpart in the 2007 book: cited as 2017's, with the edition named."""


def cite(law: int, clause: str = "", edition: int = DEFAULT) -> LawRef:
    """A clause of ``edition``: labelled with the edition when it is not the default.

    >>> str(cite(27, "B2")), str(cite(31, "A2(a)", 2007))
    ('Law 27B2', 'Law 31A2(a) (2007)')
    """
    return LawRef(law, clause, None if edition == DEFAULT else edition)


def in_edition(ref: LawRef, edition: int) -> LawRef:
    """``ref`` as a reader of ``edition`` cites it. A reference that names its edition is left alone; a 2017
    clause becomes the 2007 clause of the same rule (renumbered where the 2007 book numbers it otherwise), or
    is labelled 2017 when the 2007 book has no such clause.

    >>> str(in_edition(LawRef(16, "C2"), 2007)), str(in_edition(LawRef(27, "A1"), 2007))
    ('Law 16D2 (2007)', 'Law 27A1 (2007)')
    >>> str(in_edition(LawRef(23, "A"), 2007)), str(in_edition(LawRef(16, "C2"), 2017))
    ('Law 23A (2017)', 'Law 16C2')
    """
    if edition not in EDITIONS:
        raise ValueError(f"no edition of the Laws of {edition} (expected one of {EDITIONS})")
    if ref.edition is not None or edition == DEFAULT:
        return ref
    if (ref.law, ref.clause) in ONLY_2017:
        return LawRef(ref.law, ref.clause, DEFAULT)
    law, clause = RENUMBERED.get((ref.law, ref.clause), (ref.law, ref.clause))
    return LawRef(law, clause, edition)
