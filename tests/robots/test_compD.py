"""Textbook cases for game in competition with nine trumps (issue 11, compD).

In a contested auction, a hand that knows of nine trumps in a major between the partners bids game with one
losing trick more than the losing trick count allows over partner's calls (``generators.py``): the count
reckons with an eight-card fit, and the law of total tricks makes each further trump worth about a trick.
With eight trumps, or with one loser more still, the hand passes as before.

Hands come from the development boards of ``bench_strength.py`` (the seed and board are named) or were built
for the situation. The dealer is named by each case.
"""

from __future__ import annotations

import pytest

from .textbook._harness import Case, check

NINE = ("Ron Klinger, The Modern Losing Trick Count, and Larry Cohen, To Bid or Not to Bid (the law of "
        "total tricks): the count assumes an eight-card fit and a ninth trump adds about a trick, so with "
        "nine trumps known, game is bid with one loser more between the hands: ")
EIGHT = ("Ron Klinger, The Modern Losing Trick Count: the count still decides, a trick more allowed only for "
         "a ninth trump; a hand with more losers than that does not bid game: ")

CASES = [
    # 9 HCP, five trumps, seven losers (seed 22 board 286, East dealer): opener's 3S over their unusual 2NT
    # shows four, 4S made
    Case(NINE + "responder's five trumps over opener's competitive raise", "KT864.T43.9.AQ43",
         "1C P 1S 2NT 3S P", "4S", ("game",), dealer="E"),
    # 11 HCP, three trumps, seven losers (seed 21 board 505, North dealer): the redoubler hears opener rebid
    # his six-card suit over their runout, 4S made
    Case(NINE + "the redoubler with three trumps for opener's six", "KJ8.8.Q9653.AJ98", "1S X XX 2D 2S P",
         "4S", ("game",), vul="EW"),
    # 11 HCP, five trumps, six losers (seed 21 board 123, South dealer): partner's raise to 3H and their 3S
    Case(NINE + "opener with five trumps over the raise to three and their overcall", "8.KQ972.Q973.A82",
         "1H P 3H 3S", "4H", ("game",), dealer="S"),
    # the first hand with four trumps and a fifth club: the same seven losers, an eight-card fit: pass
    Case(EIGHT + "four trumps and seven losers pass", "KT86.T43.9.AQ432", "1C P 1S 2NT 3S P", "P", (),
         dealer="E"),
    # the redoubler's hand with the club ace a jack: eight losers with the nine trumps, one too many
    Case(EIGHT + "nine trumps but eight losers pass", "KJ8.8.Q9653.J987", "1S X XX 2D 2S P", "P", (),
         vul="EW"),
    # opener's hand with the club ace a jack: seven losers, pass over their 3S
    Case(EIGHT + "opener with seven losers lets them play", "8.KQ972.Q973.J82", "1H P 3H 3S", "P", (),
         dealer="S"),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_textbook(case: Case) -> None:
    check(case)
