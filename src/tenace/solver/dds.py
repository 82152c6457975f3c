"""Double-dummy analysis through DDS (Bo Haglund and Soren Hein's solver, as bundled by endplay).

The one adapter between Tenace and DDS. It speaks DDS's C structures through endplay's ctypes binding
(``endplay._dds``) and converts at the boundary: callers pass and get Tenace values only
(:class:`~tenace.Deal`, :class:`~tenace.Play`, :class:`~tenace.Contract`, :class:`~tenace.analysis.DDTable`,
:class:`~tenace.analysis.Par`). DDS's encodings (spades = 0, notrump = 4, vulnerability 1 = both, rank bit
masks, par seats 4 = NS and 5 = EW) never leave this module.

endplay is imported lazily, on the first call that needs the solver, so ``import tenace.solver.dds`` is cheap
and ``import tenace`` never loads it. Without endplay every solver call raises
:class:`~tenace.errors.SolverError` naming the missing extra (``pip install 'tenace[dds]'``).

DDS keeps per-thread search memory, so two Python threads must not call it with the same thread index at once;
every call here holds one module lock. DDS itself still uses every core inside :func:`dd_tables` and
:func:`solve_positions`.

>>> from tenace import Deal, Seat, Denomination, Contract
>>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
>>> table = dd_table(deal)
>>> table[Seat.NORTH, Denomination.NOTRUMP], table[Seat.EAST, Denomination.SPADES]
(13, 0)
>>> dd_tricks(deal, Contract.from_str("7NTS"))
13
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Final, TypeAlias

from tenace.analysis import DDTable, Par
from tenace.board import Vulnerability
from tenace.calls import DENOMINATIONS, Denomination
from tenace.cards import Card, CardSet, Rank, Suit
from tenace.contract import Contract, Doubling
from tenace.deal import Deal
from tenace.errors import ImpossibleActionError, SolverError
from tenace.play import Play
from tenace.seats import SEATS, Seat, Side

__all__ = [
    "MAX_TABLES_PER_CALL",
    "ProgressCallback",
    "SolvedPosition",
    "available",
    "best_cards",
    "declarer_tricks",
    "dd_table",
    "dd_tables",
    "dd_tricks",
    "optimal_cards",
    "par",
    "solve_position",
    "side_values",
    "solve_positions",
]

ProgressCallback: TypeAlias = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each batch that :func:`dd_tables` hands to DDS."""

MAX_TABLES_PER_CALL: Final = 40
"""DDS solves at most 200 (deal, denomination) pairs per ``CalcAllTables`` call: 40 full tables."""

_MAX_BOARDS_PER_CALL: Final = 200  # DDS MAXNOOFBOARDS, for SolveAllBoardsBin

# ---------------------------------------------------------------------------------------------------------
# The encodings of DDS. Everything below this line and above the public functions is boundary code.

_DDS_SEAT: Final[dict[Seat, int]] = {Seat.NORTH: 0, Seat.EAST: 1, Seat.SOUTH: 2, Seat.WEST: 3}
_SEAT_OF_DDS: Final[dict[int, Seat]] = {v: k for k, v in _DDS_SEAT.items()}
_DDS_SUIT: Final[dict[Suit, int]] = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_SUIT_OF_DDS: Final[dict[int, Suit]] = {v: k for k, v in _DDS_SUIT.items()}
_DDS_STRAIN: Final[dict[Denomination, int]] = {
    Denomination.SPADES: 0, Denomination.HEARTS: 1, Denomination.DIAMONDS: 2, Denomination.CLUBS: 3,
    Denomination.NOTRUMP: 4,
}
_DDS_NOTRUMP: Final = 4
_DDS_VUL: Final[dict[Vulnerability, int]] = {
    Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2, Vulnerability.EW: 3,
}
# Par contracts (contractType) number the denominations differently from everything else in DDS.
_PAR_DENOM_OF_DDS: Final[dict[int, Denomination]] = {
    0: Denomination.NOTRUMP, 1: Denomination.SPADES, 2: Denomination.HEARTS, 3: Denomination.DIAMONDS,
    4: Denomination.CLUBS,
}
_PAR_SEATS_OF_DDS: Final[dict[int, tuple[Seat, ...]]] = {
    0: (Seat.NORTH,), 1: (Seat.EAST,), 2: (Seat.SOUTH,), 3: (Seat.WEST,),
    4: (Seat.NORTH, Seat.SOUTH), 5: (Seat.EAST, Seat.WEST),
}
_SUIT_BITS: Final = (1 << 13) - 1

_LOCK: Final = threading.Lock()
_backend_module: ModuleType | None = None


def _dds() -> ModuleType:
    """endplay's ctypes binding of DDS, imported on first use.

    :raises SolverError: if endplay is not installed or its DDS library cannot be loaded.
    """
    global _backend_module
    if _backend_module is None:
        try:
            from endplay import _dds as module
        except ImportError as exc:
            raise SolverError(
                "double-dummy analysis needs the endplay package (DDS bindings): "
                f"pip install 'tenace[dds]' ({exc})"
            ) from exc
        except (OSError, RuntimeError) as exc:  # endplay raises RuntimeError when libdds cannot be loaded
            raise SolverError(f"endplay is installed but its DDS library could not be loaded: {exc}") from exc
        missing = [name for name in _NEEDED if not hasattr(module, name)]
        if missing:
            raise SolverError(
                "this endplay version's DDS binding lacks " + ", ".join(missing)
                + "; Tenace was built against endplay 0.5.12"
            )
        _backend_module = module
    return _backend_module


_NEEDED: Final = (
    "deal", "ddTableDeals", "ddTablesRes", "allParResults", "ddTableResults", "parResultsMaster", "boards",
    "solvedBoards", "futureTricks", "CalcAllTables", "DealerParBin", "SolveBoard", "SolveAllBoardsBin",
    "DDSError",
)


def available() -> bool:
    """Whether the solver can be used here (endplay installed and its DDS library loadable)."""
    try:
        _dds()
    except SolverError:
        return False
    return True


def _call(name: str, *args: Any) -> None:
    """Call DDS function ``name`` under the lock, turning its error codes into :class:`SolverError`."""
    dds = _dds()
    try:
        with _LOCK:
            getattr(dds, name)(*args)
    except dds.DDSError as exc:
        raise SolverError(f"DDS {name} failed: {exc}") from exc


def _fill_hands(remain: Any, hands: Sequence[CardSet]) -> None:
    """Write hands (N, E, S, W) into a DDS ``remainCards[hand][suit]`` array of rank bit masks."""
    for seat, hand in zip(SEATS, hands, strict=True):
        row = remain[_DDS_SEAT[seat]]
        bits = hand.bits
        for suit, dds_suit in _DDS_SUIT.items():
            # Tenace: bit (suit.index * 13 + rank - 2); DDS: bit (rank) in the suit's word.
            row[dds_suit] = ((bits >> (suit.index * 13)) & _SUIT_BITS) << 2


def _table_from_dds(res: Any) -> DDTable:
    """A :class:`DDTable` from a DDS ``ddTableResults`` (``resTable[strain][hand]``)."""
    return DDTable(tuple(
        tuple(int(res.resTable[_DDS_STRAIN[d]][_DDS_SEAT[seat]]) for d in DENOMINATIONS) for seat in SEATS
    ))


def _table_to_dds(table: DDTable) -> Any:
    res = _dds().ddTableResults()
    for seat, denomination, tricks in table.items():
        res.resTable[_DDS_STRAIN[denomination]][_DDS_SEAT[seat]] = tricks
    return res


def _cards_of_holding(suit: Suit, rank: int, equals: int) -> list[Card]:
    """The card DDS names plus the cards it says are equivalent (``equals`` is a rank bit mask)."""
    mask = (1 << rank) | equals
    return [Card(suit, Rank(r)) for r in range(14, 1, -1) if mask >> r & 1]


# ---------------------------------------------------------------------------------------------------------
# Double-dummy tables.


def dd_table(deal: Deal) -> DDTable:
    """Double-dummy tricks for each of the four declarers in each of the five denominations.

    :raises SolverError: if endplay is missing or DDS fails.
    """
    return dd_tables([deal])[0]


def dd_tables(deals: Iterable[Deal], *, progress: ProgressCallback | None = None) -> list[DDTable]:
    """Double-dummy tables for many deals, in order, through DDS's multi-threaded batch call
    (``CalcAllTables``, :data:`MAX_TABLES_PER_CALL` deals at a time, on every core).

    ``progress(done, total)`` is called once before the first batch and after each batch; see
    :func:`tenace.solver.progress.rich_progress` for a Rich progress bar.

    :raises SolverError: if endplay is missing or DDS fails.
    """
    items = list(deals)
    for i, deal in enumerate(items):
        if not isinstance(deal, Deal):
            raise TypeError(f"dd_tables needs Deal values; item {i} is {type(deal).__name__}")
    total = len(items)
    if progress is not None:
        progress(0, total)
    if not items:
        return []
    dds = _dds()
    no_filter = (0, 0, 0, 0, 0)
    tables: list[DDTable] = []
    for start in range(0, total, MAX_TABLES_PER_CALL):
        batch = items[start:start + MAX_TABLES_PER_CALL]
        deals_in = dds.ddTableDeals()
        deals_in.noOfTables = len(batch)
        for j, deal in enumerate(batch):
            _fill_hands(deals_in.ddTableDeal[j].cards, deal.hands)
        results = dds.ddTablesRes()
        par_results = dds.allParResults()
        # mode -1: no par calculation (par needs the dealer, which DDS's batch par ignores).
        _call("CalcAllTables", deals_in, -1, no_filter, results, par_results)
        tables.extend(_table_from_dds(results.results[j]) for j in range(len(batch)))
        if progress is not None:
            progress(len(tables), total)
    return tables


# ---------------------------------------------------------------------------------------------------------
# Par.


def par(source: Deal | DDTable, vulnerability: Vulnerability, dealer: Seat) -> Par:
    """The par result: the score (for North-South) when both sides bid perfectly with double-dummy knowledge,
    and every par contract that reaches it, sacrifices included.

    The dealer matters when both sides can make the same best contract: the side that can bid it first gets
    it.
    Each contract comes with the tricks it takes double dummy; a sacrifice is doubled. A partnership listed by
    DDS as able to declare from either seat gives one contract per seat. Contracts are in bid order, then seat
    order. A deal that nobody can make a contract on gives ``Par(0, ())``.

    >>> from tenace import Deal, Seat, Vulnerability
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> p = par(deal, Vulnerability.NONE, Seat.NORTH)
    >>> p.score_ns, [(str(c), tricks) for c, tricks in p.contracts]
    (1520, [('7NTN', 13), ('7NTS', 13)])

    :raises SolverError: if endplay is missing or DDS fails.
    """
    table = source if isinstance(source, DDTable) else dd_table(source)
    dds = _dds()
    result = dds.parResultsMaster()
    _call("DealerParBin", _table_to_dds(table), result, _DDS_SEAT[dealer], _DDS_VUL[vulnerability])
    contracts: list[tuple[Contract, int]] = []
    for i in range(int(result.number)):
        raw = result.contracts[i]
        level, under, over = int(raw.level), int(raw.underTricks), int(raw.overTricks)
        if level == 0:  # nothing to bid: passed out
            continue
        denomination = _PAR_DENOM_OF_DDS[int(raw.denom)]
        doubling = Doubling.DOUBLED if under > 0 else Doubling.UNDOUBLED
        tricks = 6 + level + over - under
        for seat in _PAR_SEATS_OF_DDS[int(raw.seats)]:
            contracts.append((Contract(level, denomination, seat, doubling), tricks))
    contracts.sort(key=lambda ct: (ct[0].bid.index, ct[0].declarer.index))
    return Par(int(result.score), tuple(contracts))


# ---------------------------------------------------------------------------------------------------------
# Positions in the play.


@dataclass(frozen=True, slots=True)
class SolvedPosition:
    """Double-dummy values of the legal cards in one position of the play.

    ``cards`` maps each legal card of the player on turn to the number of tricks that player's side takes from
    here to the end, this trick included, if it plays that card and everyone then plays double dummy.
    """

    turn: Seat
    """The player to play (dummy's seat when dummy is to play)."""
    declarer: Seat
    declarer_won: int
    """Tricks declarer's side has already won (completed tricks only)."""
    tricks_left: int
    """Tricks not yet completed, the current one included."""
    cards: tuple[tuple[Card, int], ...]
    """``(card, tricks)`` for every legal card, in hand order (spades to clubs, high to low)."""

    def __getitem__(self, card: Card) -> int:
        for c, tricks in self.cards:
            if c is card:
                return tricks
        raise KeyError(card)

    @property
    def max_tricks(self) -> int:
        """What the side on turn takes from here with best play."""
        return max(tricks for _, tricks in self.cards)

    def best(self) -> CardSet:
        """The cards that keep the side on turn's best result."""
        top = self.max_tricks
        return CardSet(c for c, tricks in self.cards if tricks == top)

    def declarer_total(self, card: Card) -> int:
        """Declarer's side's total tricks for the deal if ``card`` is played now and best play follows."""
        future = self[card]
        if self.turn.side is self.declarer.side:
            return self.declarer_won + future
        return self.declarer_won + self.tricks_left - future

    @property
    def declarer_value(self) -> int:
        """Declarer's side's total tricks for the deal from this position with best play by everyone."""
        side_on_turn: Side = self.turn.side
        if side_on_turn is self.declarer.side:
            return self.declarer_won + self.max_tricks
        return self.declarer_won + self.tricks_left - self.max_tricks


def _position_to_dds(play: Play, target: Any) -> None:
    """Fill a DDS ``deal`` struct with the position of ``play``."""
    if play.is_complete:
        raise ImpossibleActionError("the play is complete: there is no position left to solve")
    trick = play.current_trick
    target.trump = _DDS_NOTRUMP if play.trump is None else _DDS_SUIT[play.trump]
    target.first = _DDS_SEAT[trick.leader]
    for i in range(3):
        if i < len(trick.cards):
            target.currentTrickSuit[i] = _DDS_SUIT[trick.cards[i].suit]
            target.currentTrickRank[i] = int(trick.cards[i].rank)
        else:
            target.currentTrickSuit[i] = 0
            target.currentTrickRank[i] = 0
    _fill_hands(target.remainCards, tuple(play.hand(seat) for seat in SEATS))


def _card_scores(fut: Any) -> list[tuple[Card, int]]:
    """The cards DDS answered for (``futureTricks``), each with its score; the cards it left out (score -1
    with ``solutions`` 2: not among the best) are skipped."""
    values: list[tuple[Card, int]] = []
    for i in range(int(fut.cards)):
        score = int(fut.score[i])
        if score < 0:
            continue
        suit = _SUIT_OF_DDS[int(fut.suit[i])]
        values.extend((card, score) for card in _cards_of_holding(suit, int(fut.rank[i]), int(fut.equals[i])))
    return values


def _solved_from_dds(play: Play, fut: Any) -> SolvedPosition:
    values = _card_scores(fut)
    legal = play.legal_cards()
    if CardSet(c for c, _ in values) != legal:
        raise SolverError(
            f"DDS returned cards {CardSet(c for c, _ in values)} for a position whose legal cards are {legal}"
        )
    order = {card: k for k, card in enumerate(legal)}
    values.sort(key=lambda cv: order[cv[0]])
    declarer = play.declarer
    return SolvedPosition(
        turn=play.turn,
        declarer=declarer,
        declarer_won=play.tricks_won(declarer.side),
        tricks_left=13 - len(play.winners),
        cards=tuple(values),
    )


def _as_play(position: Play | Deal, contract: Contract | None) -> Play:
    if isinstance(position, Play):
        if contract is not None:
            raise ValueError("give a contract only with a Deal; a Play already knows its trumps and leader")
        return position
    if contract is None:
        raise ValueError("solving a Deal needs the contract (for the trumps and the opening leader)")
    return Play.for_contract(position, contract)


def solve_position(position: Play | Deal, contract: Contract | None = None) -> SolvedPosition:
    """Double-dummy values of every legal card in a position mid-play (or before the opening lead, given a
    :class:`~tenace.Deal` and its contract).

    >>> from tenace import Card, Contract, Deal, Play
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> solved = solve_position(deal, Contract.from_str("7NTN"))
    >>> solved.turn, solved.max_tricks, solved.declarer_value
    (<Seat.EAST: 'E'>, 0, 13)

    :raises ImpossibleActionError: if the play is complete.
    :raises SolverError: if endplay is missing or DDS fails.
    """
    play = _as_play(position, contract)
    dds = _dds()
    target = dds.deal()
    _position_to_dds(play, target)
    fut = dds.futureTricks()
    # target -1 and solutions 3: the value of every legal card; mode 1: search even with one card.
    _call("SolveBoard", target, -1, 3, 1, fut, 0)
    return _solved_from_dds(play, fut)


def solve_positions(plays: Iterable[Play]) -> list[SolvedPosition]:
    """:func:`solve_position` for many positions, through DDS's multi-threaded batch call
    (``SolveAllBoardsBin``, 200 positions at a time).

    :raises ImpossibleActionError: if a play is complete.
    :raises SolverError: if endplay is missing or DDS fails.
    """
    items = list(plays)
    return [_solved_from_dds(play, fut) for play, fut in zip(items, _solve_batches(items, 3), strict=True)]


def _solve_batches(plays: Sequence[Play], solutions: int) -> list[Any]:
    """DDS's answers (``futureTricks``) for ``plays``, searched with ``solutions`` (1: the best result only,
    2: every card that keeps it, 3: every card's value), through ``SolveAllBoardsBin``."""
    dds = _dds()
    out: list[Any] = []
    for start in range(0, len(plays), _MAX_BOARDS_PER_CALL):
        batch = plays[start:start + _MAX_BOARDS_PER_CALL]
        boards = dds.boards()
        boards.noOfBoards = len(batch)
        for j, play in enumerate(batch):
            _position_to_dds(play, boards.deals[j])
            boards.target[j] = -1
            boards.solutions[j] = solutions
            boards.mode[j] = 1
        solved = dds.solvedBoards()
        _call("SolveAllBoardsBin", boards, solved)
        out.extend(solved.solvedBoard[j] for j in range(len(batch)))
    return out


def optimal_cards(plays: Iterable[Play]) -> list[CardSet]:
    """The cards that keep the best result of the side on turn (:meth:`SolvedPosition.best`) in each of many
    positions, at once: DDS finds the best result and then only asks of each other card whether it reaches
    it (``solutions`` 2), cheaper than valuing every card.

    >>> from tenace import Card, Contract, Deal, Play
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> optimal_cards([Play.for_contract(deal, Contract.from_str("7NTN"), [Card.from_str("ST")])])
    [CardSet.from_pbn('6543...')]

    :raises ImpossibleActionError: if a play is complete.
    :raises SolverError: if endplay is missing or DDS fails.
    """
    items = list(plays)
    out: list[CardSet] = []
    for play, fut in zip(items, _solve_batches(items, 2), strict=True):
        best = CardSet(card for card, _ in _card_scores(fut))
        if not best or not best.issubset(play.legal_cards()):
            raise SolverError(f"DDS returned best cards {best} for a position whose legal cards are "
                              f"{play.legal_cards()}")
        out.append(best)
    return out


def side_values(plays: Iterable[Play]) -> list[int]:
    """The tricks the side on turn takes from each of many positions with best play (this trick included,
    :attr:`SolvedPosition.max_tricks`), at once: DDS searches only the best result (``solutions`` 1).

    >>> from tenace import Contract, Deal, Play
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> side_values([Play.for_contract(deal, Contract.from_str("7NTN"))])
    [0]

    :raises ImpossibleActionError: if a play is complete.
    :raises SolverError: if endplay is missing or DDS fails.
    """
    items = list(plays)
    return [int(fut.score[0]) for fut in _solve_batches(items, 1)]


def declarer_tricks(items: Sequence[tuple[Sequence[CardSet], Seat, Denomination]]) -> list[int]:
    """The tricks declarer takes double dummy for many (hands N, E, S, W; declarer; denomination) at once,
    before the opening lead: DDS's batch call (``SolveAllBoardsBin``) searching only the best result, the
    cheapest question for a robot weighing the contracts its calls may lead to.

    >>> from tenace import Deal, Seat, Denomination
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> declarer_tricks([(deal.hands, Seat.NORTH, Denomination.NOTRUMP), (deal.hands, Seat.EAST,
    ...                                                                      Denomination.SPADES)])
    [13, 0]

    :raises SolverError: if endplay is missing or DDS fails.
    """
    dds = _dds()
    out: list[int] = []
    for start in range(0, len(items), _MAX_BOARDS_PER_CALL):
        batch = items[start:start + _MAX_BOARDS_PER_CALL]
        boards = dds.boards()
        boards.noOfBoards = len(batch)
        for j, (hands, declarer, denomination) in enumerate(batch):
            target = boards.deals[j]
            suit = denomination.suit
            target.trump = _DDS_NOTRUMP if suit is None else _DDS_SUIT[suit]
            target.first = _DDS_SEAT[declarer.lho]
            for i in range(3):
                target.currentTrickSuit[i] = 0
                target.currentTrickRank[i] = 0
            _fill_hands(target.remainCards, hands)
            boards.target[j] = -1
            boards.solutions[j] = 1
            boards.mode[j] = 0
        solved = dds.solvedBoards()
        _call("SolveAllBoardsBin", boards, solved)
        out.extend(13 - int(solved.solvedBoard[j].score[0]) for j in range(len(batch)))
    return out


def best_cards(position: Play | Deal, contract: Contract | None = None) -> CardSet:
    """The legal cards that keep the double-dummy result of the side on turn.

    >>> from tenace import Card, Contract, Deal, Play
    >>> deal = Deal.from_pbn("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> play = Play.for_contract(deal, Contract.from_str("7NTN"), [Card.from_str("ST")])
    >>> best_cards(play)
    CardSet.from_pbn('6543...')
    """
    return solve_position(position, contract).best()


def dd_tricks(deal: Deal, contract: Contract) -> int:
    """The tricks declarer takes double dummy in ``contract`` (the doubling does not matter).

    :raises SolverError: if endplay is missing or DDS fails.
    """
    solved = solve_position(Play.for_contract(deal, contract))
    return solved.declarer_value
