"""The robots' bidding system, written as data: the partnership's agreements (Law 40A) that robots bid by
and explain from (Law 20F).

A :class:`Rule` says: *in this auction, with a hand like this, make this call; it means that*. The auction is
a :attr:`Rule.auction` pattern of the calls from the opening bid (the passes before it do not count) up to
the robot's turn, in rotation, so its length says who opened: ``"1NT P"`` is partner's 1NT opening and a
pass by the right-hand opponent; ``""`` is an auction with no bid yet. Tokens:

* a call (``P``, ``X``, ``XX``, ``1NT``, ``2C``);
* a bid with a suit variable: ``1x`` (any suit), ``2M`` (a major), ``1m`` (a minor); a variable keeps its
  suit wherever it is used again (``"1M P 2M P"`` is a raise of the suit opened);
* ``*``: any call.

The hand conditions (:attr:`Rule.hand`) are small phrases, all of which must hold:

* ``hcp 15-17``, ``hcp 12+``, ``hcp -7`` (4-3-2-1 high-card points);
* ``balanced`` (4-3-3-3, 4-4-3-2, 5-3-3-2), ``unbalanced``;
* ``S>=5``, ``H<=3``, ``D==2``, ``S>=H``, ``C>D`` (suit lengths; ``x``, ``y``, ``M``, ``m`` name the
  auction's variables, ``y`` may also be chosen by the call);
* ``y!=x`` (two variables name different suits);
* ``unbid>=3`` (three or more cards in every suit nobody has bid);
* ``aces 1+``, ``aces 0``, ``aces 1-2`` (aces held, for the ace-asking conventions; the card keeps this in
  the text only).

The ace-asking sequences (Blackwood, Gerber) repeat for every auction that reaches them, so the module
writes them with small functions that return the rules (:func:`_blackwood`, :func:`_gerber`); the result is
rules like the others. :attr:`System.conventions` names the conventions for the system card.

The :attr:`Rule.call` may use the auction's variables (``2x``) or a new one (``1y``); a new variable is tried
over the robot's suits, longest first (then the higher-ranking), the first legal call whose conditions hold
winning. Rules are tried in order; the first that fits decides. When none fits, the robot passes, explained
by the :data:`PASS_MEANING` text, or in a competitive auction places the contract by the small placement
logic in :mod:`tenace.robots.bidding`.

>>> SYSTEM.name
'Tenace Basic (5-card majors, 15-17 1NT)'
>>> rule = next(r for r in SYSTEM.rules if r.auction == "" and r.call == "1NT")
>>> rule.hand, rule.alert
(('hcp 15-17', 'balanced'), False)
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["PASS_MEANING", "SYSTEM", "Rule", "System"]


@dataclass(frozen=True, slots=True)
class Rule:
    """One agreement: in ``auction``, with a hand meeting ``hand``, call ``call``, which means ``meaning``."""

    auction: str
    call: str
    hand: tuple[str, ...]
    meaning: str
    alert: bool = False
    """Artificial (not natural) or otherwise alertable under the usual regulations (Law 40B)."""


@dataclass(frozen=True, slots=True)
class System:
    """A whole bidding system: a name, a short summary and its rules in order of priority."""

    name: str
    summary: str
    rules: tuple[Rule, ...]
    conventions: tuple[tuple[str, str], ...] = ()
    """The conventions the rules use, each a name and a short description, for the system card."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # a system is a cache key of the robots' reading of auctions: hash its hundreds of rules once
        object.__setattr__(self, "_hash", hash((self.name, self.summary, self.rules, self.conventions)))

    def __hash__(self) -> int:
        return self._hash


PASS_MEANING = "no agreed call fits the hand: not enough values or shape to act"

_SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
_NUMBER_WORDS = {4: "four", 5: "five", 6: "six"}

#: Blackwood 4NT: the answers (aces held, the call) and their texts. No ace and all four share 5C.
BLACKWOOD_ANSWERS: tuple[tuple[str, str, str], ...] = (
    ("aces 0", "5C", "answer to Blackwood: no ace or all four"),
    ("aces 4", "5C", "answer to Blackwood: no ace or all four"),
    ("aces 1", "5D", "answer to Blackwood: one ace"),
    ("aces 2", "5H", "answer to Blackwood: two aces"),
    ("aces 3", "5S", "answer to Blackwood: three aces"),
)


#: Gerber 4C over 1NT: the answers (aces held, the call) and their texts. No ace and all four share 4D.
GERBER_ANSWERS: tuple[tuple[str, str, str], ...] = (
    ("aces 0", "4D", "answer to Gerber: no ace or all four"),
    ("aces 4", "4D", "answer to Gerber: no ace or all four"),
    ("aces 1", "4H", "answer to Gerber: one ace"),
    ("aces 2", "4S", "answer to Gerber: two aces"),
    ("aces 3", "4NT", "answer to Gerber: three aces"),
)


def _gerber(auction: str, hand: tuple[str, ...], shows: str) -> tuple[Rule, ...]:
    """Gerber after ``auction`` (partner's notrump opening): 4C asks for aces with a hand meeting ``hand``
    (``shows`` describes it), partner answers by his aces, and the asker bids 6NT when at most one ace is
    missing, otherwise 4NT to play (the asker holds at least one ace, so 4D means none)."""
    ask = f"{auction} 4C P"
    rules = [Rule(auction, "4C", hand, f"Gerber: asks for aces; {shows}", True)]
    rules += [Rule(ask, call, (aces,), text, True) for aces, call, text in GERBER_ANSWERS]
    to_play, sign_off = "to play: at most one ace missing", "to play: two or more aces missing, no slam"
    rules += [
        Rule(f"{ask} 4D P", "6NT", ("aces 3+",), to_play),
        Rule(f"{ask} 4D P", "4NT", (), sign_off),
        Rule(f"{ask} 4H P", "6NT", ("aces 2+",), to_play),
        Rule(f"{ask} 4H P", "4NT", (), sign_off),
        Rule(f"{ask} 4S P", "6NT", (), to_play),
        Rule(f"{ask} 4NT P", "6NT", (), to_play),
    ]
    return tuple(rules)


def _blackwood(auction: str, trump: str, hcp: int, length: int | None = None) -> tuple[Rule, ...]:
    """The rules of one Blackwood sequence: after ``auction``, with ``trump`` agreed, a hand of ``hcp`` or
    more HCP (and ``length`` or more trumps when given) holding an ace asks with 4NT; partner answers by his
    aces; the asker then bids six of the trump suit when at most one ace is missing and signs off in five
    when two or more are (Law 40A: an agreement like any other, written as rules).

    The asker holds at least one ace (his hand conditions say so), so a 5C answer means no ace.

    >>> rules = _blackwood("1S P 4S P", "S", 16)
    >>> [f"{r.auction} -> {r.call}" for r in rules][:2], rules[0].hand
    (['1S P 4S P -> 4NT', '1S P 4S P 4NT P -> 5C'], ('hcp 16+', 'aces 1+'))
    >>> rules[0].meaning
    'Blackwood: asks for aces, spades agreed; 16 or more HCP'
    """
    name = _SUIT_NAMES[trump]
    ask = f"{auction} 4NT P"
    hand: tuple[str, ...] = (f"hcp {hcp}+", "aces 1+")
    shows = f"{hcp} or more HCP"
    if length is not None:
        hand += (f"{trump}>={length}",)
        shows += f", {_NUMBER_WORDS[length]} or more {name}"
    rules = [Rule(auction, "4NT", hand, f"Blackwood: asks for aces, {name} agreed; {shows}", True)]
    rules += [Rule(ask, call, (aces,), text, True) for aces, call, text in BLACKWOOD_ANSWERS]
    slam, game = f"6{trump}", f"5{trump}"
    to_play = "to play: at most one ace missing"
    sign_off = "sign-off: two or more aces missing"
    rules += [
        # 5C: no ace (the asker has one); slam with three of his own.
        Rule(f"{ask} 5C P", slam, ("aces 3+",), to_play),
        Rule(f"{ask} 5C P", game, (), sign_off),
        # 5D: one ace; slam with two or more of his own.
        Rule(f"{ask} 5D P", slam, ("aces 2+",), to_play),
        Rule(f"{ask} 5D P", game, (), sign_off),
        # 5H, 5S: two or three aces, and the asker's own: at most one missing.
        Rule(f"{ask} 5H P", slam, (), to_play),
        Rule(f"{ask} 5S P", slam, (), to_play),
    ]
    return tuple(rules)


_OPEN = "hcp 12-21"

SYSTEM = System(
    name="Tenace Basic (5-card majors, 15-17 1NT)",
    summary=(
        "Natural: five-card majors, a better minor, a 15-17 1NT with Stayman, Jacoby and Texas transfers, "
        "Gerber and quantitative notrump raises, weak twos in diamonds, hearts and spades, a strong "
        "artificial 2C; Blackwood; simple overcalls and takeout doubles."
    ),
    rules=(
        # --- openings (first, second, third or fourth hand) ------------------------------------------------
        Rule("", "2C", ("hcp 22+",), "strong and artificial: 22 or more HCP, forcing to 2NT at least", True),
        Rule("", "2NT", ("hcp 20-21", "balanced"), "natural: 20-21 HCP, balanced"),
        Rule("", "1NT", ("hcp 15-17", "balanced"), "natural: 15-17 HCP, balanced"),
        Rule("", "1S", (_OPEN, "S>=5", "S>=H"), "natural: 12-21 HCP, five or more spades"),
        Rule("", "1H", (_OPEN, "H>=5"), "natural: 12-21 HCP, five or more hearts"),
        Rule("", "1D", (_OPEN, "D>=4", "D>=C"), "12-21 HCP, no five-card major, four or more diamonds"),
        Rule("", "1C", (_OPEN,), "12-21 HCP, no five-card major, three or more clubs"),
        Rule("", "2S", ("hcp 6-10", "S>=6", "H<=3"), "weak two: 6-10 HCP, six or more spades"),
        Rule("", "2H", ("hcp 6-10", "H>=6", "S<=3"), "weak two: 6-10 HCP, six or more hearts"),
        Rule("", "2D", ("hcp 6-10", "D>=6", "S<=3", "H<=3"), "weak two: 6-10 HCP, six or more diamonds"),
        # --- after partner's 1NT (Texas for slam, Jacoby transfers, Stayman, notrump by point count) --------
        Rule("1NT P", "4D", ("hcp 16+", "H>=6", "H>=S"),
             "Texas transfer: six or more hearts, 16 or more HCP, slam interest; asks opener to bid 4H",
             True),
        Rule("1NT P", "4H", ("hcp 16+", "S>=6"),
             "Texas transfer: six or more spades, 16 or more HCP, slam interest; asks opener to bid 4S",
             True),
        Rule("1NT P", "2D", ("H>=5", "H>=S"), "Jacoby transfer: five or more hearts, asks opener to bid 2H",
             True),
        Rule("1NT P", "2H", ("S>=5",), "Jacoby transfer: five or more spades, asks opener to bid 2S", True),
        Rule("1NT P", "2C", ("hcp 8-15", "S<=4", "H<=4", "unbalanced"),
             "Stayman: asks for a four-card major; 8-15 HCP", True),
        Rule("1NT P", "2C", ("hcp 8-15", "H==4"), "Stayman: asks for a four-card major; 8-15 HCP", True),
        Rule("1NT P", "2C", ("hcp 8-15", "S==4"), "Stayman: asks for a four-card major; 8-15 HCP", True),
        Rule("1NT P", "3NT", ("hcp 10-15",), "to play: 10-15 HCP, no four-card major"),
        Rule("1NT P", "2NT", ("hcp 8-9",), "invitational: 8-9 HCP, no four-card major"),
        Rule("1NT P", "P", ("hcp -7",), "0-7 HCP: no game in view"),
        *_gerber("1NT P", ("hcp 18-21", "unbalanced", "S<=4", "H<=4", "aces 1+"),
                 "18-21 HCP, unbalanced, no five-card major"),
        Rule("1NT P", "4NT", ("hcp 16-17", "S<=4", "H<=4"),
             "quantitative: 16-17 HCP, no five-card major; invitational to 6NT"),
        Rule("1NT P", "6NT", ("hcp 18-19", "S<=4", "H<=4"), "to play: 18-19 HCP, no five-card major"),
        Rule("1NT P", "5NT", ("hcp 20-21", "S<=4", "H<=4"),
             "quantitative: 20-21 HCP, no five-card major; forces 6NT and invites 7NT"),
        Rule("1NT P", "7NT", ("hcp 22+", "S<=4", "H<=4"), "to play: 22 or more HCP, no five-card major"),
        Rule("1NT P 4NT P", "6NT", ("hcp 16+",), "accepts the slam invitation: 16-17 HCP"),
        Rule("1NT P 4NT P", "P", ("hcp -15",), "declines the slam invitation: 15 HCP"),
        Rule("1NT P 5NT P", "7NT", ("hcp 17+",), "accepts the grand slam invitation: 17 HCP"),
        Rule("1NT P 5NT P", "6NT", ("hcp -16",), "declines the grand slam invitation: 15-16 HCP"),
        Rule("1NT P 4D P", "4H", (), "completes the Texas transfer: says nothing about hearts", True),
        Rule("1NT P 4H P", "4S", (), "completes the Texas transfer: says nothing about spades", True),
        *_blackwood("1NT P 4D P 4H P", "H", 16, 6),
        *_blackwood("1NT P 4H P 4S P", "S", 16, 6),
        Rule("1NT P 4D P 4H P", "P", (), "to play: no ace, so no slam"),
        Rule("1NT P 4H P 4S P", "P", (), "to play: no ace, so no slam"),
        Rule("1NT P 2C P", "2H", ("H>=4",), "answer to Stayman: four or more hearts (may hold four spades)"),
        Rule("1NT P 2C P", "2S", ("S>=4",), "answer to Stayman: four or more spades, not four hearts"),
        Rule("1NT P 2C P", "2D", (), "answer to Stayman: no four-card major", True),
        Rule("1NT P 2D P", "2H", (), "completes the transfer: says nothing about hearts", True),
        Rule("1NT P 2H P", "2S", (), "completes the transfer: says nothing about spades", True),
        Rule("1NT P 2C P 2M P", "4M", ("hcp 10-15", "M>=4"), "to play: game values and four-card support"),
        Rule("1NT P 2C P 2M P", "3M", ("hcp 8-9", "M>=4"), "invitational: 8-9 HCP, four-card support"),
        Rule("1NT P 2C P 2x P", "3NT", ("hcp 10-15",), "to play: game values, no fit in opener's major"),
        Rule("1NT P 2C P 2x P", "2NT", ("hcp 8-9",), "invitational: 8-9 HCP, no fit in opener's major"),
        Rule("1NT P 2D P 2H P", "4H", ("hcp 10-15", "H>=6"), "to play: game values, six or more hearts"),
        Rule("1NT P 2D P 2H P", "3NT", ("hcp 10-15",), "choice of games: game values, exactly five hearts"),
        Rule("1NT P 2D P 2H P", "2NT", ("hcp 8-9",), "invitational: 8-9 HCP, five hearts"),
        Rule("1NT P 2D P 2H P", "4NT", ("hcp 16-17", "H==5"),
             "quantitative: 16-17 HCP, exactly five hearts; invitational to slam"),
        Rule("1NT P 2D P 2H P", "6NT", ("hcp 18+", "H==5"), "to play: 18 or more HCP, exactly five hearts"),
        Rule("1NT P 2D P 2H P", "P", (), "to play: 0-7 HCP"),
        Rule("1NT P 2H P 2S P", "4S", ("hcp 10-15", "S>=6"), "to play: game values, six or more spades"),
        Rule("1NT P 2H P 2S P", "3NT", ("hcp 10-15",), "choice of games: game values, exactly five spades"),
        Rule("1NT P 2H P 2S P", "2NT", ("hcp 8-9",), "invitational: 8-9 HCP, five spades"),
        Rule("1NT P 2H P 2S P", "4NT", ("hcp 16-17", "S==5"),
             "quantitative: 16-17 HCP, exactly five spades; invitational to slam"),
        Rule("1NT P 2H P 2S P", "6NT", ("hcp 18+", "S==5"), "to play: 18 or more HCP, exactly five spades"),
        Rule("1NT P 2H P 2S P", "P", (), "to play: 0-7 HCP"),
        Rule("1NT P 2C P 2x P 2NT P", "3NT", ("hcp 16+",), "accepts the invitation: 16-17 HCP"),
        Rule("1NT P 2C P 2M P 3M P", "4M", ("hcp 16+",), "accepts the invitation: 16-17 HCP"),
        Rule("1NT P 2C P 2H P 3NT P", "4S", ("S>=4",), "to play: partner's Stayman showed four spades"),
        Rule("1NT P 2D P 2H P 3NT P", "4H", ("H>=3",), "to play: three-card support for partner's hearts"),
        Rule("1NT P 2H P 2S P 3NT P", "4S", ("S>=3",), "to play: three-card support for partner's spades"),
        Rule("1NT P 2D P 2H P 4NT P", "6H", ("hcp 16+", "H>=3"),
             "accepts the slam invitation: 16-17 HCP, three or more hearts"),
        Rule("1NT P 2D P 2H P 4NT P", "6NT", ("hcp 16+",), "accepts the slam invitation: 16-17 HCP"),
        Rule("1NT P 2D P 2H P 4NT P", "5H", ("hcp -15", "H>=3"),
             "declines the slam invitation: 15 HCP, three or more hearts"),
        Rule("1NT P 2D P 2H P 4NT P", "P", ("hcp -15",), "declines the slam invitation: 15 HCP"),
        Rule("1NT P 2D P 2H P 2NT P", "4H", ("hcp 16+", "H>=3"), "accepts the invitation: heart support"),
        Rule("1NT P 2D P 2H P 2NT P", "3NT", ("hcp 16+",), "accepts the invitation: doubleton heart"),
        Rule("1NT P 2D P 2H P 2NT P", "3H", ("H>=3",), "declines the invitation, with heart support"),
        Rule("1NT P 2H P 2S P 4NT P", "6S", ("hcp 16+", "S>=3"),
             "accepts the slam invitation: 16-17 HCP, three or more spades"),
        Rule("1NT P 2H P 2S P 4NT P", "6NT", ("hcp 16+",), "accepts the slam invitation: 16-17 HCP"),
        Rule("1NT P 2H P 2S P 4NT P", "5S", ("hcp -15", "S>=3"),
             "declines the slam invitation: 15 HCP, three or more spades"),
        Rule("1NT P 2H P 2S P 4NT P", "P", ("hcp -15",), "declines the slam invitation: 15 HCP"),
        Rule("1NT P 2H P 2S P 2NT P", "4S", ("hcp 16+", "S>=3"), "accepts the invitation: spade support"),
        Rule("1NT P 2H P 2S P 2NT P", "3NT", ("hcp 16+",), "accepts the invitation: doubleton spade"),
        Rule("1NT P 2H P 2S P 2NT P", "3S", ("S>=3",), "declines the invitation, with spade support"),
        Rule("1NT P 2NT P", "3NT", ("hcp 16+",), "accepts the invitation: 16-17 HCP"),
        # --- after partner's 2NT: notrump by point count ------------------------------------------------
        Rule("2NT P", "3NT", ("hcp 5-10",), "to play: 5-10 HCP"),
        Rule("2NT P", "4NT", ("hcp 11-12",), "quantitative: 11-12 HCP; invitational to 6NT"),
        Rule("2NT P", "6NT", ("hcp 13-16",), "to play: 13-16 HCP"),
        Rule("2NT P", "7NT", ("hcp 17+",), "to play: 17 or more HCP"),
        Rule("2NT P 4NT P", "6NT", ("hcp 21+",), "accepts the slam invitation: 21 HCP"),
        Rule("2NT P 4NT P", "P", ("hcp -20",), "declines the slam invitation: 20 HCP"),
        # --- after partner's 2C ----------------------------------------------------------------------------
        Rule("2C P", "2D", (), "waiting and artificial: any hand, says nothing about diamonds", True),
        Rule("2C P 2D P", "2NT", ("balanced", "hcp 22-24"), "natural: 22-24 HCP, balanced"),
        Rule("2C P 2D P", "2y", ("y>=5",), "natural: five or more cards, 22 or more HCP, forcing"),
        Rule("2C P 2D P", "3y", ("y>=5",), "natural: five or more cards, 22 or more HCP, forcing"),
        Rule("2C P 2D P 2NT P", "3NT", ("hcp 3-8",), "to play: 3-8 HCP"),
        Rule("2C P 2D P 2NT P", "4NT", ("hcp 9-10",), "quantitative: 9-10 HCP; invitational to 6NT"),
        Rule("2C P 2D P 2NT P", "6NT", ("hcp 11-14",), "to play: 11-14 HCP"),
        Rule("2C P 2D P 2NT P", "7NT", ("hcp 15+",), "to play: 15 or more HCP"),
        Rule("2C P 2D P 2NT P 4NT P", "6NT", ("hcp 23+",), "accepts the slam invitation: 23-24 HCP"),
        Rule("2C P 2D P 2NT P 4NT P", "P", ("hcp -22",), "declines the slam invitation: 22 HCP"),
        Rule("2C P 2D P 2M P", "3M", ("M>=3",), "support: three or more cards, forcing"),
        Rule("2C P 2D P 2x P", "2NT", (), "natural, forcing: no fit, any strength"),
        Rule("2C P 2D P 3x P", "3NT", (), "to play: no fit"),
        # --- responses to one of a suit --------------------------------------------------------------------
        *(rule for M in "SH" for rule in _blackwood(f"1{M} P", M, 17, 4)),
        Rule("1M P", "4M", ("hcp 13+", "M>=4"), "game raise: 13 or more HCP, four or more trumps"),
        Rule("1M P", "3M", ("hcp 11-12", "M>=4"), "limit raise: 11-12 HCP, four or more trumps"),
        Rule("1M P", "2M", ("hcp 6-10", "M>=3"), "simple raise: 6-10 HCP, three or more trumps"),
        Rule("1H P", "1S", ("hcp 6+", "S>=4"), "natural: 6 or more HCP, four or more spades, forcing"),
        Rule("1m P", "1y", ("hcp 6+", "y>=4", "y!=m"), "natural: 6 or more HCP, four or more cards, forcing"),
        Rule("1x P", "2y", ("hcp 11+", "y>=4", "y!=x"), "natural: 11+ HCP, four or more cards, forcing"),
        Rule("1x P", "3NT", ("hcp 13-15", "balanced"), "to play: 13-15 HCP, balanced"),
        Rule("1x P", "2NT", ("hcp 11-12", "balanced"), "invitational: 11-12 HCP, balanced"),
        Rule("1m P", "3m", ("hcp 11+", "m>=5"), "natural: 11 or more HCP, five or more trumps"),
        Rule("1x P", "1NT", ("hcp 6-10",), "6-10 HCP, no fit and nothing better to bid"),
        Rule("1m P", "2m", ("hcp 6-10", "m>=5"), "simple raise: 6-10 HCP, five or more trumps"),
        # --- responses after an opponent's overcall or double: raises only, otherwise competitive passes --
        Rule("1M *", "3M", ("hcp 11-12", "M>=4"), "limit raise: 11-12 HCP, four or more trumps"),
        Rule("1M *", "2M", ("hcp 6-10", "M>=3"), "simple raise: 6-10 HCP, three or more trumps"),
        Rule("1M *", "4M", ("hcp 13+", "M>=4"), "game raise: 13 or more HCP, four or more trumps"),
        # --- opener's rebid --------------------------------------------------------------------------------
        Rule("1M P 2M P", "4M", ("hcp 19+",), "to play: 19 or more HCP"),
        Rule("1M P 2M P", "3M", ("hcp 16-18",), "invitational: 16-18 HCP"),
        *(rule for M in "SH" for rule in _blackwood(f"1{M} P 3{M} P", M, 18)),
        Rule("1M P 3M P", "4M", ("hcp 14+",), "accepts the invitation: 14 or more HCP"),
        *(rule for M in "SH" for rule in _blackwood(f"1{M} P 4{M} P", M, 16)),
        *(rule for x, M in (("C", "H"), ("C", "S"), ("D", "H"), ("D", "S"), ("H", "S"))
          for rule in _blackwood(f"1{x} P 1{M} P 4{M} P", M, 12)),
        Rule("1x P 1M P", "4M", ("hcp 19+", "M>=4"), "to play: 19 or more HCP, four-card support"),
        Rule("1x P 1M P", "3M", ("hcp 16-18", "M>=4"), "invitational: 16-18 HCP, four-card support"),
        Rule("1x P 1M P", "2M", ("M>=4",), "12-15 HCP, four-card support"),
        Rule("1x P 1y P", "1z", ("z>=4", "z!=x", "z!=y"), "natural: four or more cards, 12 or more HCP"),
        Rule("1x P 1y P", "1NT", ("balanced", "hcp 12-14"), "natural: 12-14 HCP, balanced"),
        Rule("1x P 1y P", "2NT", ("balanced", "hcp 18-19"), "natural: 18-19 HCP, balanced"),
        Rule("1x P 1y P", "2x", ("x>=6", "hcp -15"), "natural: six or more cards, 12-15 HCP"),
        Rule("1x P 1y P", "3x", ("x>=6", "hcp 16+"), "natural: six or more cards, 16 or more HCP"),
        Rule("1x P 1y P", "2y", ("y>=3",), "12-15 HCP, three-card support"),
        Rule("1x P 1y P", "2z", ("z>=4", "z!=x", "z!=y"), "natural: four or more cards, 12 or more HCP"),
        Rule("1x P 1y P", "2x", (), "natural: rebids the suit opened, minimum"),
        Rule("1x P 1NT P", "2x", ("x>=6",), "to play: six or more cards, minimum"),
        Rule("1x P 1NT P", "2NT", ("hcp 18-19",), "invitational: 18-19 HCP"),
        Rule("1x P 1NT P", "P", (), "to play: minimum"),
        Rule("1x P 2y P", "3y", ("y>=4",), "support: four or more cards"),
        Rule("1x P 2y P", "2NT", ("balanced", "hcp -14"), "natural: 12-14 HCP, balanced"),
        Rule("1x P 2y P", "3NT", ("balanced", "hcp 15+"), "natural: 15 or more HCP, balanced"),
        Rule("1x P 2y P", "2x", ("x>=6",), "natural: six or more cards"),
        Rule("1x P 2y P", "2z", ("z>=4", "z!=x", "z!=y"), "natural: four or more cards"),
        Rule("1x P 2y P", "3x", (), "natural: rebids the suit opened"),
        Rule("1x P 2y P", "2NT", (), "natural: no better call"),
        Rule("1x P 2NT P", "3NT", ("hcp 14+",), "accepts the invitation"),
        # --- competition: overcalls and takeout doubles ----------------------------------------------------
        Rule("1x", "1NT", ("hcp 15-18", "balanced"), "natural overcall: 15-18 HCP, balanced"),
        Rule("1x", "X", ("hcp 12+", "x<=2", "unbid>=3"),
             "takeout double: 12 or more HCP, short in their suit, support for the other suits"),
        Rule("1x", "1y", ("hcp 8-16", "y>=5"), "natural overcall: 8-16 HCP, five or more cards"),
        Rule("1x", "2y", ("hcp 10-16", "y>=5", "y!=x"), "natural overcall: 10-16 HCP, five or more cards"),
        Rule("1x", "X", ("hcp 17+",), "double: 17 or more HCP, any shape (strong)"),
        Rule("1x P P", "1NT", ("hcp 15-18", "balanced"), "natural overcall: 15-18 HCP, balanced"),
        Rule("1x P P", "X", ("hcp 12+", "x<=2", "unbid>=3"),
             "takeout double: 12 or more HCP, short in their suit, support for the other suits"),
        Rule("1x P P", "1y", ("hcp 8-16", "y>=5"), "natural overcall: 8-16 HCP, five or more cards"),
        Rule("1x P P", "2y", ("hcp 10-16", "y>=5", "y!=x"), "natural overcall: 10-16 HCP, five or more"
             " cards"),
        Rule("1x X P", "2y", ("hcp 9-11", "y>=4", "y!=x"),
             "answer to the takeout double: 9-11 HCP, four or more cards, invitational"),
        Rule("1x X P", "1y", ("y>=4", "y!=x"), "answer to the takeout double: 0-8 HCP, four or more cards"),
        Rule("1x X P", "1NT", ("hcp 6-10",), "answer to the takeout double: 6-10 HCP, stopper in their suit"),
        Rule("1x X P", "2y", ("y!=x",), "answer to the takeout double: 0-8 HCP, the longest suit"),
        Rule("1x 1y P", "2y", ("hcp 8-11", "y>=3"), "raise of the overcall: 8-11 HCP, three or more trumps"),
        Rule("1x 2y P", "3y", ("hcp 8-11", "y>=3"), "raise of the overcall: 8-11 HCP, three or more trumps"),
        Rule("1x 1NT P", "3NT", ("hcp 9+",), "to play: 9 or more HCP"),
    ),
    conventions=(
        ("Stayman", "2C over 1NT asks for a four-card major: 8-15 HCP. Answers 2D (none), 2H, 2S."),
        ("Jacoby transfer", "2D and 2H over 1NT show five or more cards in the next suit up, at any "
         "strength; opener bids that suit."),
        ("Texas", "4D and 4H over 1NT show six or more cards in the next suit up, 16 or more HCP and "
         "slam interest; opener bids that suit and responder continues with Blackwood."),
        ("Blackwood", "4NT asks for aces once a suit is agreed (after a Texas transfer, a major raise to "
         "the three or four level, or a direct 4NT over one of a major with four trumps and 17 or more "
         "HCP). Answers: 5C no ace or all four, 5D one, 5H two, 5S three. The asker bids six of the "
         "agreed suit when at most one ace is missing and signs off in five when two or more are."),
        ("Gerber", "4C over 1NT asks for aces, with 18-21 HCP, an unbalanced hand and no five-card major. "
         "Answers: 4D no ace or all four, 4H one, 4S two, 4NT three. The asker bids 6NT when at most one "
         "ace is missing, otherwise 4NT to play."),
        ("Quantitative 4NT", "4NT over a notrump opening (or after a transfer, with exactly five cards) "
         "is natural and invites 6NT; opener accepts with a maximum. 5NT over 1NT forces 6NT and "
         "invites 7NT."),
    ),
)
