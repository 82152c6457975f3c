"""Competitive bidding where the written defence stops: the ``competition`` generator.

The card's defence (``parts/defence.rules``) writes the auctions the opponents opened up to their first
response. When they have bid more (they opened and responded, or raised: ``1D P 3D``, ``2D P 3D``,
``1D P 1H P 2D P P``) and our side has only passed, a strong club player still comes in with a good suit or
a takeout double, and in the passout seat he does not sell out at the two level with shortness in their suit.
These rules make that entry: a natural overcall of a good suit, a takeout double with shortness in their
last suit and support for the unbid suits (or any strong hand). In the passout seat (balancing) they ask for
about three points less, since partner is marked with values.

Rules are made only for auctions the file's rules leave open (a generated rule never takes a call the file
makes there) and are explained as the file's are (Law 20F). Listed on the ``uses`` line before
``principles``, they come before its rules in the auctions they cover.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from tenace.system.bidding.calls import DOUBLE, PASS, bid_code, legal
from tenace.system.bidding.generators import Made, _cheapest, _file_calls, _level, _rule
from tenace.system.meaning import Forcing

if TYPE_CHECKING:
    from tenace.system.bidding.engine import Context

__all__ = ["competition"]

_NT: Final = 4
_LETTER: Final = "CDHS"


def competition(ctx: Context) -> tuple[Made, Made]:
    """Entry rules for a side that has only passed while the opponents bid on; see the module docs."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    calls = ctx.calls
    if not any(c >= 3 for c in calls):
        return [], []
    if any(c != PASS for i, c in enumerate(calls) if ctx.seat_of(i) in (me, partner)):
        return _balanced_against(ctx), _sacrifice(ctx) + _advance_fit_double(ctx) + _doubler_again(ctx)
    last, bidder = ctx.last_bid, ctx.last_bidder
    if bidder is None or 0 < calls[-1] < 3:
        return [], []  # a double or redouble stands: the written rules or the principles decide
    level, denom = _level(last), (last - 3) % 5
    if level > 3:
        return [], []
    # the opponents have bid twice at least (the opening and another bid): their first response and our
    # answer to the opening itself are the file's
    theirs_bids = sum(1 for i, c in enumerate(calls) if c >= 3 and ctx.seat_of(i) not in (me, partner))
    if theirs_bids < 2:
        return [], []
    last_index = max(i for i, c in enumerate(calls) if c >= 3)
    meaning = ctx.meanings[last_index]
    # they have shown a fit in the suit they stopped in (a transfer and its completion: 1NT P 2H P 2S)
    their_fit = denom != _NT and (ctx.shown[bidder].lengths[denom][0]
                                  + ctx.shown[(bidder + 2) % 4].lengths[denom][0] >= 7)
    balancing = calls[-1] == PASS  # the passout seat: partner passed, and so did the right-hand opponent
    natural = meaning.natural or (denom != _NT and meaning.facts.lengths[denom][0] >= 4)
    if not natural and not (their_fit and balancing):
        # over their convention (Stayman, a transfer...) the written rules decide; but when it found them a
        # fit and they stopped in it, the passout seat may still balance
        return [], []
    taken = _file_calls(ctx)
    made: Made = []

    def add(code: int | None, conditions: str, label: str, forcing: Forcing | None) -> None:
        if code is None or code in taken or not legal(calls, code):
            return
        made.append(_rule(code, conditions, label, forcing, judge=True))

    # balancing: partner is marked with some values, so about three points less; at the three level they
    # have shown more, and the entry is no lighter than a point
    # only when they have bid their last suit before (a raise or a rebid: a fit or a long suit, Law of total
    # tricks); over a new suit they may be in a misfit, and the entry wants full values
    rebid = any(c >= 3 and (c - 3) % 5 == denom and ctx.seat_of(i) not in (me, partner)
                for i, c in enumerate(calls[:last_index]))
    less = (1 if level == 3 else 3) if balancing and (rebid or their_fit) else 0
    # their suits: those they bid naturally, and the suit of their last bid (a transfer's completion too)
    theirs = set(ctx.theirs) | ({denom} if denom != _NT else set())
    unbid = [s for s in (3, 2, 1, 0) if s not in theirs]
    # they have shown an opening and a game invitation or more (21+ by their shown minimums: 1D P 2NT,
    # 1NT P 2NT): partner holds little, and a three-level overcall on a five-card suit goes for a
    # penalty; it wants a sixth card
    strong = ctx.shown[bidder].hcp_min + ctx.shown[(bidder + 2) % 4].hcp_min >= 21
    # a natural overcall: a good suit nobody of theirs bid, the longest of the hand
    for suit in unbid:
        code = _cheapest(ctx, suit)
        if code is None or _level(code) > 3:
            continue
        letter = _LETTER[suit]
        at = _level(code)
        if at == 1:
            add(code, f"{letter}>=5, longest {letter}, hcp {9 - less}-16", "overcall", Forcing.NON_FORCING)
        elif at == 2:
            add(code, f"{letter}>=5, good {letter}, longest {letter}, hcp {11 - less}-17", "overcall",
                Forcing.NON_FORCING)
            add(code, f"{letter}>=6, top {letter} 1, longest {letter}, hcp {10 - less}-17", "overcall",
                Forcing.NON_FORCING)
        else:
            add(code, f"{letter}>=6, good {letter}, longest {letter}, hcp {12 - less}-17", "overcall",
                Forcing.NON_FORCING)
            if not strong:
                add(code, f"{letter}>=5, good {letter}, longest {letter}, hcp {14 - less}-17", "overcall",
                    Forcing.NON_FORCING)
            add(code, f"{letter}>=6, top {letter} 1, longest {letter}, hcp {13 - less}-17", "overcall",
                Forcing.NON_FORCING)
    # a takeout double of their last suit (an agreement of the card, explained as such: Law 40A)
    if denom != _NT and len(unbid) >= 2:
        letter = _LETTER[denom]
        need = {1: 12, 2: 12, 3: 13}[level] - less
        if len(unbid) == 2:
            # they bid two suits: the double shows the other two, four cards or more in each (in the passout
            # seat also shortness in the suit they stopped in)
            short = f"{letter}<=2, " if balancing else ""
            add(DOUBLE, short + ", ".join(f"{_LETTER[s]}>=4" for s in unbid) + f", hcp {need}+",
                "takeout-double", Forcing.FORCING)
        else:
            others = ", ".join(f"{_LETTER[s]}>=3" for s in unbid)
            add(DOUBLE, f"{letter}<=2, {others}, hcp {need}+", "takeout-double", Forcing.FORCING)
        # the strong double of any shape; in the passout seat after they found a fit, not with four or more
        # of their trumps: partner, short in their suit, would answer in his, and the hand that holds their
        # trumps defends better by passing
        few = f"{letter}<=3, " if balancing and (rebid or their_fit) else ""
        add(DOUBLE, f"{few}hcp {17 - less}+", "takeout-double", Forcing.FORCING)
    if made:
        add(PASS, "", "pass-defence" if "pass-defence" in ctx.system.meanings else "pass-competitive", None)
    return [], made


_GAME_LEVEL: Final = (5, 5, 4, 4, 3)


def _sacrifice(ctx: Context) -> Made:
    """Over their game, not vulnerable ourselves (favourable or both sides not vulnerable), with ten trumps
    together (partner's shown length and mine) and no more than half the strength: bid on in our suit. By
    the law of total tricks the deal holds about as many tricks as the two sides have trumps, so with ten of
    ours (and their nine or so) their game is likely to make and our contract a level higher to go down
    little: one or two undertricks not vulnerable cost less than their game. At the same level as their
    game (4S over 4H) the same ten trumps bid on at any vulnerability: ten tricks for ten trumps, and with
    some twenty tricks in the deal their game or ours makes; at favourable vulnerability nine trumps do
    there, one down doubled costing less than their vulnerable game. A level higher, vulnerable, only with a
    singleton or a void: shape adds tricks to the trumps (the law's adjustment for distribution) and takes
    them from the defence; with a flat hand the undertricks cost more than their game."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    last, bidder = ctx.last_bid, ctx.last_bidder
    if bidder is None or bidder in (me, partner):
        return []
    if ctx.calls[-1] != last and ctx.calls[-1] != PASS:
        return []  # a double or redouble stands
    level, denom = _level(last), (last - 3) % 5
    if denom == _NT or level < _GAME_LEVEL[denom] or level > 5:
        return []
    own = _own_suit_sacrifice(ctx, denom)
    partner_bids = [i for i, c in enumerate(ctx.calls) if c >= 3 and ctx.seat_of(i) == partner]
    if not partner_bids:
        return own
    if "block-raise" in ctx.meanings[partner_bids[-1]].labels:
        # partner raised my preempt to block, as a sign-off: knowing my hand within narrow limits he
        # has already decided how high we go, and the preempter does not bid again on his own
        return []
    made: Made = []
    for suit in (3, 2, 1, 0):
        code = _cheapest(ctx, suit)
        if suit == denom or code is None or _level(code) > 5 or not legal(ctx.calls, code):
            continue
        letter = _LETTER[suit]
        if _level(code) == level == 4:
            # the same level as their game (4S over their 4H): with ten trumps the law of total tricks
            # says to contract for ten tricks at any vulnerability; with some twenty tricks in the deal
            # often either their game or ours makes, and one down doubled costs less than their game.
            # Not at the five level (5S over their 5C): ten trumps do not contract for eleven tricks, so
            # that is a sacrifice a level too high like any other (the rules below)
            made.append(_rule(code, f"fit {letter} 10, sum -22", "sacrifice", Forcing.SIGN_OFF, judge=True))
            # favourable vulnerability: nine trumps are enough at the same level. The law counts nine
            # tricks for them, so 4S goes one down, doubled 100 (two down 300) against the 620 of
            # their vulnerable game; the trick the law comes short is what the vulnerability pays for
            made.append(_rule(code, f"fit {letter} 9, fav, sum -22", "sacrifice", Forcing.SIGN_OFF,
                              judge=True))
            continue
        made.append(_rule(code, f"fit {letter} 10, nonvul, sum -22", "sacrifice", Forcing.SIGN_OFF,
                          judge=True))
        # a level higher, vulnerable: only with shape (not semibalanced: a singleton or a void, or
        # 7-2-2-2), where our tricks are in the trumps and the ruffs and few of our cards would take
        # tricks in defence
        made.append(_rule(code, f"fit {letter} 10, not semibalanced, sum -22", "sacrifice",
                          Forcing.SIGN_OFF, judge=True))
    return made + own


def _own_suit_sacrifice(ctx: Context, denom: int) -> Made:
    """A seven-card suit I have bid (an opening, an overcall, a new suit; not a preempt), not vulnerable
    against vulnerable: bid on over their game, at the same level or one higher. Partner need hold only two
    cards of it for nine trumps; the long suit takes tricks in the play and few in defence, and two or three
    down doubled not vulnerable (300 or 500) cost less than their vulnerable game (Cohen, "To Bid or Not to
    Bid": the favourable vulnerability pays for the sacrifice). A preemptor has told his story in one bid and
    leaves the decision to partner."""
    me = ctx.turn
    if any(ctx.seat_of(i) == me and {"preempt", "weak-two", "weak-jump-overcall"} & set(m.labels)
           for i, m in enumerate(ctx.meanings)):
        return []
    made: Made = []
    for suit in ctx.natural[me]:
        code = _cheapest(ctx, suit)
        if suit == denom or code is None or _level(code) > 5 or not legal(ctx.calls, code):
            continue
        # explained as what it shows, a long suit (the fit is not known)
        made.append(_rule(code, f"{_LETTER[suit]}>=7, fav, sum -22", "rebid-suit", Forcing.SIGN_OFF,
                          judge=True))
    return made


def _balanced_against(ctx: Context) -> Made:
    """Our partscore in an agreed suit was passed by partner and the opponents doubled in the passout seat
    (1C P 1S P 2S P P X), or balanced with a bid over my raise (1C P 1S P 2S P P 3D): partner declined to go
    on, so no invitation and no game by count; bid one more only with the trumps for it by the law of total
    tricks (nine for the three level), double their bid with four good trumps and opening values, else pass
    and defend."""
    me = ctx.turn
    calls = ctx.calls
    # my bid, a pass, partner's pass, their double; or their bid over my raise of partner's suit
    # (1C P 1S P 2S P P 3D: partner, who passed the raise, has no game interest)
    if len(calls) < 4 or calls[-2] != PASS or calls[-3] != PASS or calls[-4] < 3:
        return []
    raised = (calls[-4] - 3) % 5 in ctx.natural[(me + 2) % 4]
    if calls[-1] != DOUBLE and not (raised and calls[-1] >= 3 and _level(calls[-1]) <= 3):
        return []
    if ctx.seat_of(len(calls) - 4) != me:
        return []
    level, denom = _level(calls[-4]), (calls[-4] - 3) % 5
    # a raise of partner's suit (or a rebid of mine): the suit we would compete in
    mine = [c for i, c in enumerate(calls[:-4]) if ctx.seat_of(i) == me and c >= 3 and (c - 3) % 5 == denom]
    if denom == _NT or level >= _GAME_LEVEL[denom] or (denom not in ctx.natural[(me + 2) % 4] and not mine):
        return []
    t = denom
    made: Made = []
    if calls[-1] >= 3 and (calls[-1] - 3) % 5 != _NT:
        # they balanced with a bid: with length and two top honours in their suit, double to defend
        x = _LETTER[(calls[-1] - 3) % 5]
        made.append(_rule(DOUBLE, f"{x}>=4, top {x} 2, hcp 13+", "penalty-double", None, judge=True))
    code = _cheapest(ctx, t)
    if code is not None and legal(calls, code) and _level(code) <= _GAME_LEVEL[t]:
        letter = _LETTER[t]
        made.append(_rule(code, f"fit {letter} {_level(code) + 6}", "competitive", Forcing.NON_FORCING,
                          judge=True))
    made.append(_rule(PASS, "", "pass-competitive", None, judge=True))
    return made


def _advance_fit_double(ctx: Context) -> Made:
    """Partner doubled for takeout the suit they found a fit in without bidding it naturally (the completion
    of a transfer, 1NT P 2H P 2S P P X P): their suit is theirs all the same, so answer in another suit,
    the longest (game with the values), or notrump with their suit stopped; never in theirs."""
    calls = ctx.calls
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    if len(calls) < 3 or calls[-1] != PASS or calls[-2] != DOUBLE or ctx.last_bidder in (None, me, partner):
        return []
    if ctx.seat_of(len(calls) - 2) != partner or "takeout-double" not in ctx.meanings[-2].labels:
        return []
    denom = (ctx.last_bid - 3) % 5
    if denom == _NT or denom in ctx.theirs or any(c != PASS for c in ctx.calls_of(me)):
        return []
    taken = _file_calls(ctx)
    made: Made = []

    def add(code: int | None, conditions: str, label: str, forcing: Forcing | None,
            judge: bool = False) -> None:
        if code is not None and code not in taken and legal(calls, code):
            made.append(_rule(code, conditions, label, forcing, judge=judge))

    others = [s for s in (3, 2, 1, 0) if s != denom and s not in ctx.theirs]
    # length and strength in their suit: pass, to defend doubled
    theirs = _LETTER[denom]
    # five of their trumps sit over the declarer's partner's and behind the balancing doubler's shortness:
    # pass, whatever their quality (the three-level answer with a weak hand is doubled and goes for more)
    add(PASS, f"{theirs}>=5", "pass-penalty", None)
    for suit in others:
        letter = _LETTER[suit]
        code = _cheapest(ctx, suit)
        if code is None:
            continue
        longest = ", ".join(f"{letter}>={_LETTER[o]}" for o in others if o != suit)
        if suit >= 2 and _level(code) < 4:
            add(bid_code(4, suit), f"{letter}>=5, {longest}, hcp 11+", "game", Forcing.SIGN_OFF, judge=True)
        if _level(code) <= 4:
            add(code, f"{letter}>=4, {longest}", "natural", Forcing.NON_FORCING)
    nt = _cheapest(ctx, _NT)
    if nt is not None and _level(nt) <= 3:
        add(nt, f"stop {_LETTER[denom]}, hcp 10-12", "natural-notrump", Forcing.NON_FORCING)
    for suit in others:
        code = _cheapest(ctx, suit)
        if code is not None and _level(code) <= 4:
            add(code, f"{_LETTER[suit]}>=3", "natural", Forcing.NON_FORCING)
    return made


def _doubler_again(ctx: Context) -> Made:
    """I doubled for takeout, partner has only passed, and the opponents bid on at the three level or lower
    (1H X 2D P P, P P 1D X 1S P 2D): a strong doubler does not sell out. Double again with shortness in
    their last suit, bid a five-card suit of my own (too strong to have overcalled), or notrump with their
    suits stopped; else pass. The written doubler's rebids come first."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    mine = [i for i, c in enumerate(ctx.calls) if ctx.seat_of(i) == me and c != PASS]
    if (len(mine) != 1 or ctx.calls[mine[0]] != DOUBLE or "takeout-double" not in ctx.meanings[mine[0]].labels
            or any(c != PASS for c in ctx.calls_of(partner))):
        return []
    last, bidder = ctx.last_bid, ctx.last_bidder
    if bidder in (None, me, partner) or ctx.calls[-1] not in (last, PASS) or _level(last) > 3:
        return []
    if max(i for i, c in enumerate(ctx.calls) if c >= 3) < mine[0]:
        return []  # they have not bid since my double: the written rebids decide
    denom = (last - 3) % 5
    taken = _file_calls(ctx)
    made: Made = []

    def add(code: int | None, conditions: str, label: str, forcing: Forcing | None) -> None:
        if code is not None and code not in taken and legal(ctx.calls, code) and label in ctx.system.meanings:
            made.append(_rule(code, conditions, label, forcing, judge=True))

    theirs = set(ctx.theirs) | ({denom} if denom != _NT else set())
    suits = [(s, c) for s in (3, 2, 1, 0) if s not in theirs and (c := _cheapest(ctx, s)) is not None]
    # a six-card suit first; then the double; then a five-card suit at the two level
    for suit, code in suits:
        letter = _LETTER[suit]
        if _level(code) <= 3:
            add(code, f"{letter}>=6, longest {letter}, hcp 17+", "doubler-suit", Forcing.NON_FORCING)
    if denom != _NT:
        x = _LETTER[denom]
        add(DOUBLE, f"{x}<=1, hcp 17+", "takeout-double", Forcing.FORCING)
        add(DOUBLE, f"{x}<=2, hcp 19+", "takeout-double", Forcing.FORCING)
    for suit, code in suits:
        letter = _LETTER[suit]
        if _level(code) <= 2:
            add(code, f"{letter}>=5, longest {letter}, hcp 17+", "doubler-suit", Forcing.NON_FORCING)
    nt = _cheapest(ctx, _NT)
    if nt is not None and _level(nt) <= 2:
        add(nt, "hcp 19-21, semibalanced, stop theirs", "doubler-notrump", Forcing.NON_FORCING)
    return made
