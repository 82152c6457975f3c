"""Who may look at which system card when (Law 40B2(b) and (c); Law 20G3), as Regulating Authority settings.

The defaults are the Laws' own:

* one's **own** card: freely before the auction period begins and after play ends; in between never, except
  that the declaring side (declarer and dummy) may consult it during the Clarification Period (40B2(b));
* the **opponents'** card: before the auction (40B2(c)(i)), during the Clarification Period (ii), during the
  auction and play only at one's own turn to call or play (iii), and when explaining partner's call or play
  after an opponent's question (iv).

The Regulating Authority may provide otherwise (the "unless" of 40B2(b) and (c)): each rule is a setting.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tenace.seats import Seat, Side


class Phase(enum.Enum):
    """Periods of a board (Law 17A, 41: auction period, Clarification Period, play period)."""

    BEFORE_AUCTION = "before the auction"
    AUCTION = "auction"
    CLARIFICATION = "clarification period"
    PLAY = "play"
    AFTER_PLAY = "after play"


class OwnCardRule(enum.Enum):
    """Whether a player may look at his own card during the Clarification Period."""

    DECLARING_SIDE = "declaring side"
    """Law 40B2(b): declarer and dummy only."""
    BOTH_SIDES = "both sides"
    NEVER = "never"


@dataclass(frozen=True, slots=True)
class ConsultSettings:
    """The Regulating Authority's settings for consulting system cards; the defaults are Law 40B2."""

    own_in_clarification: OwnCardRule = OwnCardRule.DECLARING_SIDE
    own_during_auction_and_play: bool = False
    """Law 20G3 lets the RA allow a player to consult his own card during the auction and play."""
    opponents_before_auction: bool = True
    opponents_in_clarification: bool = True
    opponents_at_own_turn: bool = True
    opponents_any_time: bool = False
    """Some online events show the opponents' card at any moment during the auction and play."""
    opponents_when_explaining: bool = True


LAWS_DEFAULT = ConsultSettings()


def may_consult(
    viewer: Seat,
    owner_side: Side,
    phase: Phase,
    at_own_turn: bool,
    settings: ConsultSettings = LAWS_DEFAULT,
    *,
    declaring_side: Side | None = None,
    explaining: bool = False,
) -> bool:
    """Whether ``viewer`` may look at the card of ``owner_side`` now.

    ``at_own_turn``: it is the viewer's turn to call or play. ``declaring_side``: needed in the Clarification
    Period for one's own card (Law 40B2(b)). ``explaining``: the viewer is answering an opponent's question
    about his partner's call or play (40B2(c)(iv)).

    >>> may_consult(Seat.NORTH, Side.EW, Phase.AUCTION, at_own_turn=True)
    True
    >>> may_consult(Seat.NORTH, Side.EW, Phase.AUCTION, at_own_turn=False)
    False
    >>> may_consult(Seat.NORTH, Side.NS, Phase.CLARIFICATION, False, declaring_side=Side.NS)
    True

    :raises ValueError: in the Clarification Period for one's own card without ``declaring_side``.
    """
    own = viewer.side is owner_side
    if phase in (Phase.BEFORE_AUCTION, Phase.AFTER_PLAY):
        return True if own else (settings.opponents_before_auction if phase is Phase.BEFORE_AUCTION else True)
    if own:
        if phase is Phase.CLARIFICATION:
            rule = settings.own_in_clarification
            if rule is OwnCardRule.NEVER:
                return settings.own_during_auction_and_play
            if rule is OwnCardRule.BOTH_SIDES:
                return True
            if declaring_side is None:
                raise ValueError("whether a player may consult his own card in the Clarification Period "
                                 "depends on the declaring side: pass declaring_side")
            return viewer.side is declaring_side or settings.own_during_auction_and_play
        return settings.own_during_auction_and_play
    if settings.opponents_any_time:
        return True
    if phase is Phase.CLARIFICATION and settings.opponents_in_clarification:
        return True
    if explaining and settings.opponents_when_explaining:
        return True
    return at_own_turn and settings.opponents_at_own_turn
