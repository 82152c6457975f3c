"""Helpers for the Laws 13-15 scenarios: electing the Director's options by their Law, finishing a board."""

from __future__ import annotations

from tenace.laws import DIRECTOR, ClaimAnswered, ClaimMade, Elected, Table
from tenace.laws.decisions import ArtificialScores, Option
from tenace.scoring.adjusted import Award

from ._claim_helpers import played
from ._helpers import E, N, W, calls, table


def option(t: Table, law: str, kind: type | None = None) -> Option:
    """The pending option whose Law is ``law`` (e.g. ``"13A1"``), of type ``kind`` if given."""
    assert t.pending is not None, "no decision is pending"
    found = [
        o for o in t.pending.options
        if f"{o.law.law}{o.law.clause}" == law and (kind is None or isinstance(o, kind))
    ]
    assert len(found) == 1, f"{law}: {[str(o.law) for o in t.pending.options]}"
    return found[0]


def elect(t: Table, law: str, kind: type | None = None) -> Table:
    """The Director elects the option of Law ``law``."""
    return t.apply(Elected(DIRECTOR, option(t, law, kind)))


def in_3nt(t: Table | None = None) -> Table:
    """3NT by North on the helpers' deal (East to lead)."""
    return calls(t if t is not None else table(), "N:3NT E:P S:P W:P")


def finished(t: Table) -> Table:
    """East leads ST, North wins with SA and claims the rest; both defenders agree: 3NT+4 (Laws 68, 69)."""
    t = played(t, "ST S3 S2 SA").apply(ClaimMade(N, 12))
    return t.apply(ClaimAnswered(E, True)).apply(ClaimAnswered(W, True))


def award(t: Table, ns: Award, ew: Award) -> Table:
    """The Director awards the artificial adjusted scores ``ns`` and ``ew`` (Law 12C2(a))."""
    assert t.pending is not None
    (choice,) = [o for o in t.pending.options if isinstance(o, ArtificialScores) and (o.ns, o.ew) == (ns, ew)]
    return t.apply(Elected(DIRECTOR, choice))
