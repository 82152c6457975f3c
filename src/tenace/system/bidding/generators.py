"""Rules made for one auction by code: the conventions and principles a file names with ``uses``.

Some agreements apply to every auction that reaches a situation rather than to a written auction: Roman Key
Card Blackwood once a suit is agreed, or the principles that take over where the written rules stop (bid
game with the values for it, compete in a fit, keep bidding when partner's call forces). A generator looks
at a :class:`~tenace.system.bidding.engine.Context` and returns ordinary :class:`Rule` values whose
conditions are written in the same words as a file's (so they are explained the same way, Law 20F):

* ``rkcb``: Roman Key Card Blackwood, 1430 answers, the queen ask and the specific-king ask
  (:func:`rkcb`);
* ``controls``: control bids (cue bids) below game once a major is agreed (:func:`controls`);
* ``principles``: game, invitation, slam by count, forcing continuations, competing by the law of total
  tricks, penalty doubles (:func:`principles`).

A generated rule never takes a call the file's own rules make in that auction: the written agreement owns its
calls, and a call keeps one meaning.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from tenace.system.bidding.calls import DOUBLE, PASS, bid_code, legal
from tenace.system.bidding.conditions import Condition, parse_conditions, partner_count
from tenace.system.bidding.rules import CallTemplate, Rule
from tenace.system.meaning import Forcing

if TYPE_CHECKING:
    from tenace.system.bidding.engine import Context

__all__ = ["Made", "controls", "principles", "rkcb"]

Made = list[tuple[Rule, dict[str, int]]]
_NT: Final = 4
_GAME_LEVEL: Final = (5, 5, 4, 4, 3)  # by denomination: clubs, diamonds, hearts, spades, notrump
_SUIT_LETTER: Final = "CDHS"


@functools.lru_cache(maxsize=4096)
def _conditions(text: str) -> tuple[Condition, ...]:
    return parse_conditions(text)


def _rule(code: int, conditions: str, label: str, forcing: Forcing | None = None, *, alert: bool = False,
          judge: bool = False, option: bool = False) -> tuple[Rule, dict[str, int]]:
    from tenace.system.bidding.calls import call_of
    call = CallTemplate(str(call_of(code)), code=code)
    return Rule(None, call, _conditions(conditions), label, forcing, alert, False, judge, option,
                "generated"), {}


def _cheapest(ctx: Context, denomination: int) -> int | None:
    """The cheapest legal bid in ``denomination``."""
    last = ctx.last_bid
    level = 1 if last < 0 else (last - 3) // 5 + 1
    for lv in (level, level + 1):
        if lv <= 7:
            code = bid_code(lv, denomination)
            if code > last:
                return code
    return None


def _level(code: int) -> int:
    return (code - 3) // 5 + 1


def _denomination(code: int) -> int:
    return (code - 3) % 5


def _file_calls(ctx: Context) -> set[int]:
    """The calls the file's rules make in this auction (they keep their meaning)."""
    taken: set[int] = set()
    for rule, bindings, _ in ctx.file_entries:
        template = rule.call
        if template.code >= 0:
            taken.add(template.code)
        elif template.letter in bindings:
            taken.add(bid_code(template.level, bindings[template.letter]))
        else:
            taken.update(bid_code(template.level, s) for s in range(4))
    return taken


# --- Roman Key Card Blackwood ------------------------------------------------------------------------------

_ANSWERS: Final = (  # step above 4NT, the keycards, the label
    (0, "keys 1|4", "rkcb-answer-14"),
    (1, "keys 0|3", "rkcb-answer-03"),
    (2, "keys 2, not queen t", "rkcb-answer-2"),
    (3, "keys 2, queen t", "rkcb-answer-2q"),
)


def _our_labels(ctx: Context, seat: int) -> list[str]:
    return [label for i, m in enumerate(ctx.meanings) if ctx.seat_of(i) == seat for label in m.labels]


def _keys_shown(label: str, mine: int, strength: int = 12) -> int:
    """Partner's keycards from his answer, given the asker's own and the HCP partner has shown (1430): the
    likelier count, the keycards the asker lacks being shared between partner and the opponents in
    proportion to their HCP (the opponents hold about 7 when a slam is in view)."""
    low, high = {"rkcb-answer-14": (1, 4), "rkcb-answer-03": (0, 3)}.get(label, (2, 2))
    out = 5 - mine
    if high > out:
        return low
    share = strength / (strength + 7)
    def likely(k: int) -> float:
        return math.comb(out, k) * share ** k * (1 - share) ** (out - k)
    return high if likely(high) > likely(low) else low


def _last_suit(ctx: Context, seat: int) -> int | None:
    suits = ctx.natural[seat]
    return suits[-1] if suits else None


def _rebid(ctx: Context, seat: int, suit: int) -> bool:
    """Whether ``seat`` bid ``suit`` naturally twice (a rebid shows a long suit)."""
    return sum(1 for i, c in enumerate(ctx.calls) if ctx.seat_of(i) == seat and c >= 3
               and _denomination(c) == suit and ctx.meanings[i].natural) >= 2


def _advanced_double(ctx: Context) -> bool:
    """Whether partner's first call other than a pass was a takeout double (so my answer was forced)."""
    partner = (ctx.turn + 2) % 4
    first = next((i for i, c in enumerate(ctx.calls) if ctx.seat_of(i) == partner and c != PASS), None)
    return first is not None and "takeout-double" in ctx.meanings[first].labels


def _opened(ctx: Context, seat: int, suit: int) -> bool:
    """Whether ``seat`` made the opening bid, in ``suit``."""
    first = next((i for i, c in enumerate(ctx.calls) if c >= 3), None)
    return first is not None and ctx.seat_of(first) == seat and _denomination(ctx.calls[first]) == suit


def rkcb(ctx: Context) -> tuple[Made, Made]:
    """Roman Key Card Blackwood (1430) for the side to call. The key suit is the agreed one, or else the last
    suit the asker's partner bid naturally (4NT then agrees it)."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    partner_meaning = ctx.partner_meaning
    partner_labels = partner_meaning.labels if partner_meaning is not None else ()
    rho_passed = bool(ctx.calls) and ctx.calls[-1] == PASS
    four_nt = bid_code(4, _NT)
    asked = any(label in partner_labels for label in ("rkcb", "rkcb-queen-ask", "rkcb-king-ask"))
    key = ctx.agreed
    if key is None:
        key = _last_suit(ctx, me) if asked else _last_suit(ctx, partner)
    if key is None:
        return [], []
    bound = {"t": key}
    made: Made = []

    def add(code: int, conditions: str, label: str, forcing: Forcing | None = None, *, alert: bool = False,
            judge: bool = False, option: bool = False) -> None:
        rule, _ = _rule(code, conditions, label, forcing, alert=alert, judge=judge, option=option)
        made.append((rule, bound))

    # a double of 4NT takes no room: the answers stand as over a pass (passing would leave 4NT doubled in)
    if "rkcb" in partner_labels and (rho_passed or ctx.calls[-1] == DOUBLE):
        for step, condition, label in _ANSWERS:
            add(four_nt + 1 + step, condition, label, Forcing.NON_FORCING, alert=True)
        return made, []
    if "rkcb" in partner_labels and ctx.calls[-1] >= 3 and _level(ctx.calls[-1]) == 5:
        # they bid over the ask at the five level: DOPI (Kantar, Roman Keycard Blackwood: the double shows
        # none or three keycards, the pass one or four, the next step two without the trump queen, the step
        # after it two with her), so the answer is not lost and their bid may be doubled for penalty
        add(DOUBLE, "keys 0|3", "rkcb-answer-03", Forcing.NON_FORCING, alert=True)
        add(PASS, "keys 1|4", "rkcb-answer-14", Forcing.NON_FORCING, alert=True)
        slam = bid_code(6, key)
        steps = range(ctx.calls[-1] + 1, slam + 1)
        if len(steps) >= 2:
            add(steps[0], "keys 2, not queen t", "rkcb-answer-2", Forcing.NON_FORCING, alert=True)
            add(steps[1], "keys 2, queen t", "rkcb-answer-2q", Forcing.NON_FORCING, alert=True)
        return made, []
    if "rkcb-queen-ask" in partner_labels and rho_passed:
        cheapest = _cheapest(ctx, key)
        slam = bid_code(6, key)
        if cheapest is not None:
            if cheapest < slam:
                add(slam, "queen t", "rkcb-queen-yes", alert=True)
            add(cheapest, "", "rkcb-queen-no", Forcing.SIGN_OFF)
        return made, []
    if "rkcb-king-ask" in partner_labels and rho_passed:
        for suit in (0, 1, 2, 3):
            if suit != key:
                code = bid_code(6, suit)
                if code < bid_code(6, key) and legal(ctx.calls, code):
                    add(code, f"kings 1+, top {_SUIT_LETTER[suit]} 2", "rkcb-king", alert=True)
        add(bid_code(6, key), "", "rkcb-king-none", Forcing.SIGN_OFF)
        return made, []
    mine = _our_labels(ctx, me)
    if "rkcb" in _our_labels(ctx, partner) and any(label.startswith("rkcb-") for label in mine):
        # the asker placed the contract after my answers: it is his decision
        if rho_passed and any(label in partner_labels for label in ("to-play", "rkcb-signoff", "grand-slam")):
            add(PASS, "", "to-play", Forcing.SIGN_OFF)
            return made, []
    answer = next((label for label in partner_labels if label.startswith("rkcb-")), None)
    if "rkcb" in mine and answer is not None and rho_passed:
        made += [(rule, bound) for rule, _ in _after_answer(ctx, key, answer)]
        return made, []
    if "rkcb" in mine or "rkcb" in _our_labels(ctx, partner):
        return [], []
    if "splinter" in mine and partner_meaning is not None and partner_meaning.forcing is Forcing.SIGN_OFF:
        # my splinter described a limited hand, shortness and all: opener, who alone can tell whether his
        # honours are wasted opposite it, judged the slam and signed off (Bergen, Points Schmoints)
        return [], []
    if ctx.last_bid >= four_nt or not legal(ctx.calls, four_nt) or four_nt in _file_calls(ctx):
        return [], []
    if ctx.agreed is None and ctx.shown[me].lengths[key][1] + ctx.shown[partner].lengths[key][1] < 8:
        # no eight-card fit can be held in partner's suit: what the two hands have shown leaves at most seven
        # (1D-1H-1S-2NT-3H-3NT: three hearts opposite a 3NT that denied five), so it is no trump suit to ask
        # keycards in, and 4NT is not made as RKCB (Kantar: RKCB once a trump suit is agreed)
        return [], []
    if ctx.last_bidder not in (me, partner) and (partner_meaning is None or not partner_meaning.natural):
        # the opponents bid last (an overcall, a raise, a sacrifice below 4NT): their bid takes no slam away,
        # so with slam values opposite a known fit the ask stands as without it, unless partner's last call
        # was artificial (alerted: a cue bid, a transfer), which sets no suit to ask in
        return [], []
    # over Jacoby 2NT the opener describes first (shortness, a side suit, his strength): the raiser, who
    # knows little of the opening yet, judges the slam from that, and either may ask afterwards. 4NT keeps
    # its meaning there (RKCB), tried after the file's rules, which always give the opener a rebid
    later = "jacoby-2nt" in partner_labels
    letter = _SUIT_LETTER[key]
    controls = _unbid_controls(ctx, key)
    controlled = f", {controls}" if controls else ""

    def ask(text: str) -> None:
        add(four_nt, text, "rkcb", Forcing.FORCING, alert=True, judge=True)

    # in a minor, an answer above five of the suit must not find two keycards missing: the asker holds enough
    safe = {0: ", keys 3+", 1: ", keys 2+"}.get(key, "")
    # a suit both partners bid naturally is a fit once one of them raised it (a three-card raise included)
    fit = f"fit {letter}" if ctx.agreed is not None or key not in ctx.natural[me] else f"fit {letter} 7"
    if ctx.agreed is None and key < 2 and _rebid(ctx, partner, key):
        # partner bid his minor twice (a long suit): three cards of it make the fit
        fit = f"{letter}>=3"
    ask(f"tsum {letter} 30+, {fit}, hcp 12+{safe}{controlled}")
    if ("super-accept" in mine and "control-bid" in mine and "control-bid" in _our_labels(ctx, partner)
            and len(ctx.calls) >= 2 and ctx.calls[-2] == bid_code(4, key)):
        # I super-accepted his transfer (a maximum, four trumps), he tried for slam with a control bid, I
        # showed one back, and he signed off in game: he lacks a control he could not show cheaply. Holding
        # a control of every suit he has not shown one in, I ask: the count was his to judge, and it is the
        # keycards that remain (Kantar: control bids first, then Blackwood, once no suit is uncontrolled)
        ask(f"{fit}{controlled}")
    if fit == f"{letter}>=3":
        # opposite his rebid minor, a strong hand (15+ HCP) asks with a point less
        ask(f"tsum {letter} 29+, {fit}, hcp 15+{safe}{controlled}")
        if _opened(ctx, partner, key):
            # he opened the minor and rebid it (six cards, as a rule): with 16+ HCP two cards will do
            ask(f"{letter}>=2, hcp 16+{safe}{controlled}")
            if ctx.shown[partner].hcp_min >= 10:
                # an opening of one and a rebid minor (six cards): three cards make a nine-card fit, and 16+
                # HCP bring 28 together, where the slam makes more often than not; two keycards are enough in
                # clubs too (an opening seldom holds none of the five), the side-suit controls still count
                # (1C-1H-2C-4NT); a preempt (a weak two, three of the minor) is left out
                ask(f"{letter}>=3, hcp 16+, keys 2+{controlled}")
            if ctx.shown[partner].hcp_min >= 14:
                # a jump rebid (six cards, 14+ HCP, about 16 on average): three cards make a nine-card fit,
                # where 28 HCP together bring twelve tricks in the minor more often than not, so 12+ HCP ask;
                # two cards make eight, which need a point more (1D-1H-3D-4NT). The opener's strength
                # covers most side suits, so no control is asked of the responder; two keycards of his own
                # suffice in clubs too, as 14+ HCP rarely hold none of the five (the answer over 5C)
                ask(f"{letter}>=3, hcp 12+, keys 2+")
                ask(f"{letter}>=2, hcp 13+, keys 2+")
    if controls:
        # with more, a suit nobody controls is a risk worth taking; not one partner's control bid has denied
        # a control in (Kantar: with no control there either, the defence may cash two tricks in it)
        denied = "".join(f", control {_SUIT_LETTER[s]}" for s in _denied_controls(ctx, key))
        ask(f"tsum {letter} 34+, {fit}, hcp 12+{safe}{denied}")
    # with less, asking is an option the robot weighs against game by simulation
    add(four_nt, f"tsum {letter} 27+, {fit}{safe}", "rkcb", Forcing.FORCING, alert=True, option=True)
    if later:
        return [], made
    short, top = _splinter_suits(ctx)
    if short:
        # the file gives this hand a splinter (a double jump showing four trumps, a singleton or void and a
        # limited hand: opener's 15-19 after a one-level major response, responder's 11-15 over their
        # overcall): it describes first, so that partner, who alone sees whether his honours face the
        # shortness, judges the slam; the ask stands before the file's rules for a hand stronger than those
        # raises or one with no shortness in the suits a splinter may show, and after them for the rest
        first: Made = []
        extras = [f"hcp {top + 1}+"] if top < 37 else []  # (Jacoby 2NT has no upper limit)
        for extra in (*extras, ", ".join(f"{_SUIT_LETTER[s]}>=2" for s in short)):
            first += [(replace(rule, conditions=(*rule.conditions, *_conditions(extra))), bound)
                      for rule, bound in made if not rule.option]
        return first, made
    return made, []


def _splinter_suits(ctx: Context) -> tuple[list[int], int]:
    """The suits a splinter rule of the file may bid in this auction (none when it has no such rule), and
    the most HCP any describing raise of the file there (a splinter, Jacoby 2NT) allows."""
    suits: set[int] = set()
    top = 0
    allowed = ctx.legal_calls
    for rule, bindings, env in ctx.file_entries:
        if rule.label == "splinter":
            # every suit the rule's call may name here, written as a concrete call (1H-3S) or with a suit
            # variable (1S-4x), where the rule's table conditions (``M is H``, ``x below M``) hold
            template = rule.call
            codes = [template.code] if template.code >= 0 else [bid_code(template.level, s) for s in range(4)]
            for code in codes:
                bound = template.produces(code, bindings)
                if (bound is None or code not in allowed or _denomination(code) == _NT
                        or not ctx.table_holds(rule, bound)):
                    continue
                suits.add(_denomination(code))
        if rule.label in ("splinter", "jacoby-2nt"):
            # the raises that describe a fit and leave the slam to partner's judgement (Jacoby 2NT, which
            # has no upper limit, asks opener to show his shortness)
            top = max(top, min((c.facts(env).hcp_max for c in rule.conditions
                                if c.variables() <= env.bindings.keys()), default=37))
    return sorted(suits), top


def _unbid_controls(ctx: Context, key: int) -> str:
    """The conditions for a slam in ``key`` that the side's own bidding has not covered: first- or
    second-round control of every suit neither partner bid naturally, unless partner has shown it short or
    controlled (a control bid). Empty when every side suit is covered. A suit the opponents bid counts as
    unbid even if one of us bid it (a cue bid there shows support or strength, not the suit): with no
    control of their suit in either hand, they may cash its first two tricks."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    shown = ctx.shown[partner]
    his = {s for note, suits in shown.notes if note == "control" for s in suits}
    ours = set(ctx.natural[me]) | set(ctx.natural[partner])
    return ", ".join(f"control {_SUIT_LETTER[s]}" for s in range(4)
                     if s != key and (s in ctx.theirs or s not in ours) and shown.lengths[s][1] > 1
                     and s not in his)


def _denied_controls(ctx: Context, key: int) -> list[int]:
    """The side suits partner's control bids have denied a first- or second-round control in (a control bid
    skips the cheaper suits it has no control of) and no later bid of his has shown controlled or short."""
    shown = ctx.shown[(ctx.turn + 2) % 4]
    his = {s for note, suits in shown.notes if note == "control" for s in suits}
    return sorted(s for note, suits in shown.notes if note == "no-control" for s in suits
                  if s != key and s not in his and shown.lengths[s][1] > 1)


def _after_answer(ctx: Context, t: int, answer: str) -> Made:
    """The asker's next call once partner has answered 4NT (or the queen or king ask)."""
    made: Made = []
    letter = _SUIT_LETTER[t]
    five, six, seven = bid_code(5, t), bid_code(6, t), bid_code(7, t)
    last = ctx.last_bid
    # with two keycards missing: five of the suit, or pass when the answer is five of it already
    sign_off = five if five > last else PASS if five == last else six
    stop_label = "rkcb-signoff"
    stop_forcing: Forcing | None = Forcing.SIGN_OFF
    calls = ctx.calls
    if len(calls) >= 4 and calls[-4] == bid_code(4, _NT) and calls[-3] >= 3 and last == calls[-3]:
        # they bid over my ask and partner answered by DOPI (double or pass): with two keycards missing,
        # defend their contract doubled rather than bid on (Kantar: after DOPI, the penalty double)
        sign_off = PASS if calls[-2] == DOUBLE else DOUBLE
        stop_label, stop_forcing = ("pass-penalty" if sign_off == PASS else "penalty-double"), None
    partner = (ctx.turn + 2) % 4
    pmin = ctx.shown[partner].hcp_min
    strength = partner_count(ctx.shown[partner])
    if answer in ("rkcb-queen-no", "rkcb-queen-yes", "rkcb-king", "rkcb-king-none"):
        labels = _our_labels(ctx, partner)
        keys = next((lb for lb in labels if lb in ("rkcb-answer-14", "rkcb-answer-03", "rkcb-answer-2",
                                                    "rkcb-answer-2q")), "rkcb-answer-2")
        for mine in range(6):
            missing = 5 - mine - _keys_shown(keys, mine, strength)
            if missing >= 1 or answer == "rkcb-queen-no":
                if last >= six:
                    made.append(_rule(PASS, f"keys {mine}", "to-play", Forcing.SIGN_OFF))
                else:
                    # a keycard and the trump queen both missing: five is high enough
                    bad = missing >= 2 or (missing == 1 and answer == "rkcb-queen-no")
                    made.append(_rule(sign_off if bad else six, f"keys {mine}", "to-play", Forcing.SIGN_OFF))
            else:
                # every keycard: once the queen ask finds the trump queen, the grand slam on the same count as
                # when the first answer shows her (34 together, partner counted as for ``sum``)
                grand = max(0, 34 - strength) if answer == "rkcb-queen-yes" else max(0, 36 - pmin)
                if seven > last:
                    made.append(_rule(seven, f"keys {mine}, hcp {grand}+", "grand-slam", Forcing.SIGN_OFF))
                made.append(_rule(six if six > last else PASS, f"keys {mine}", "to-play", Forcing.SIGN_OFF))
        return made
    queen_known = answer == "rkcb-answer-2q"
    for mine in range(6):
        missing = 5 - mine - _keys_shown(answer, mine, strength)
        cond = f"keys {mine}"
        if missing >= 2:
            made.append(_rule(sign_off, cond, stop_label, stop_forcing))
            continue
        king_ask = bid_code(5, _NT)
        if missing == 0 and seven > last:
            # every keycard and the trump queen, and 34 HCP together counting partner as for ``sum``: the
            # grand slam at once (the trump suit runs, and the points cover the side suits)
            made.append(_rule(seven, f"{cond}, hcp {max(0, 34 - strength)}+" + ("" if queen_known else
                                                                              ", queen t"),
                              "grand-slam", Forcing.SIGN_OFF))
        if missing == 0 and (queen_known or t >= 2) and king_ask > last and legal(ctx.calls, king_ask):
            made.append(_rule(king_ask, f"{cond}, hcp {max(0, 34 - pmin)}+" + ("" if queen_known else
                                                                                ", queen t"),
                              "rkcb-king-ask", Forcing.FORCING, alert=True))
        if missing == 1 and answer == "rkcb-answer-2" and sign_off != six:
            # partner denied the trump queen and a keycard is missing: with no more than an eight-card fit
            # known (five trumps opposite a raise on three as well as four opposite four) the slam needs two
            # things to go right, so stop in five (Kantar, Roman Keycard Blackwood: missing a keycard and the
            # trump queen, sign off unless the fit is long enough to drop her)
            short = f"{cond}, not queen t, not fit {letter} 9"
            made.append(_rule(sign_off, short, "to-play", Forcing.SIGN_OFF))
        if t >= 2 and not queen_known and answer in ("rkcb-answer-14", "rkcb-answer-03"):
            ask = next((c for c in range(last + 1, six) if c >= 3 and _denomination(c) != t), None)
            if ask is not None and ask < five:
                made.append(_rule(ask, f"{cond}, not queen t, {letter}<=4", "rkcb-queen-ask", Forcing.FORCING,
                                  alert=True))
        made.append(_rule(six if six > last else PASS, cond, "to-play", Forcing.SIGN_OFF))
    return made


# --- control bids -----------------------------------------------------------------------------------------

_SLAM_INTEREST: Final = 28
"""Support points together (``tsum``) from which a hand shows slam interest with a control bid."""
_COOPERATE: Final = 31
"""Support points together from which partner of a control bidder shows a control back (or with HCP in the
upper half of what his calls showed)."""


def _control_calls(ctx: Context) -> list[tuple[int, int]]:
    """The control bids open in this auction, cheapest first: (call, suit) for each suit but the major below
    four of it, leaving out suits partner has shown a singleton or void in (a control there says nothing he
    can use). In a game-forcing auction (or answering a control bid) from the cheapest bid, else from the
    four level. Empty where control bids do not apply: no major agreed (or just bid by partner), the
    right-hand opponent's call not a pass, RKCB begun, or the last bid not ours. An earlier overcall or
    preempt of theirs changes nothing once they pass: the auction below game is ours again, and their suit
    is one more suit to show a control in."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    t = _control_suit(ctx)
    if t is None or not ctx.calls or ctx.calls[-1] != PASS:
        return []
    if ctx.last_bidder not in (me, partner):
        return []
    ours = _our_labels(ctx, me) + _our_labels(ctx, partner)
    if any(label.startswith("rkcb") for label in ours):
        return []
    meaning = ctx.partner_meaning
    answering = meaning is not None and "control-bid" in meaning.labels
    # in a game-forcing auction from the cheapest bid; else only at the four level (a new suit below that
    # may be a game try or natural)
    lowest = -1 if ctx.game_forcing or answering else bid_code(4, 0)
    skip: set[int] = {t, _NT}
    if ctx.agreed is None:
        # not agreed yet: over partner's bid of the major (four cards or more), at the four level, in a suit
        # neither of us bid (those are natural); the control bid's conditions include the fit
        lowest = max(lowest, bid_code(4, 0))
        skip |= set(ctx.natural[me]) | set(ctx.natural[partner])
    game = bid_code(4, t)
    shown = ctx.shown[partner]
    return [(code, _denomination(code)) for code in range(max(lowest, ctx.last_bid + 1), game)
            if _denomination(code) not in skip and shown.lengths[_denomination(code)][1] > 1]


def _control_suit(ctx: Context) -> int | None:
    """The major a control bid would agree: the agreed suit, or else the major partner has just bid showing
    four or more cards (the control bid's conditions then include the fit)."""
    t = ctx.agreed
    if t is None:
        # partner's last bid, in a major he has shown four or more of (natural, or an answer to Stayman)
        partner = (ctx.turn + 2) % 4
        last = ctx.calls[-2] if len(ctx.calls) >= 2 else PASS
        suit = _denomination(last)
        if last >= 3 and suit != _NT and ctx.shown[partner].lengths[suit][0] >= 4:
            t = suit
    return t if t is not None and t >= 2 else None


def controls(ctx: Context) -> tuple[Made, Made]:
    """Control bids (cue bids) once a major is agreed in a game-forcing auction, below game: with slam
    interest (28 support points together), the cheapest suit with first- or second-round control (an
    ace, a king, a singleton or a void), denying control of the cheaper suits skipped. Partner answers with
    his own cheapest control when he has more than he has shown (the upper half of his range, or 31
    support points together from his side), else signs off in four of the major; RKCB (its generator,
    tried first) takes over once every side suit is controlled between the two hands. The same once the
    opponents have overcalled and then passed: a new suit below game after the fit stays a control bid
    whatever they bid earlier, their suit included. Made after the file's rules: a written agreement keeps
    its calls."""
    open_calls = _control_calls(ctx)
    t = _control_suit(ctx)
    meaning = ctx.partner_meaning
    answering = meaning is not None and "control-bid" in meaning.labels
    if t is None or not (open_calls or answering) or ctx.calls[-1] != PASS:
        return [], []
    letter = _SUIT_LETTER[t]
    bound = {"t": t}
    taken = _file_calls(ctx)
    if answering:
        # more than my calls showed: the upper half of my range, or the support points for it
        mine = ctx.shown[ctx.turn]
        top = min(mine.hcp_max, mine.hcp_min + 6)
        strength = [f"hcp {(mine.hcp_min + top + 1) // 2}+", f"tsum {letter} {_COOPERATE}+"]
        if mine.points_min is not None and mine.points_min > mine.hcp_min and mine.hcp_max >= 30:
            # my raise showed support points with no upper limit, not HCP ("a limit raise or better": the
            # cue raise over their overcall, 10+ with the fit): more than it showed is the "better", the
            # values to force to game on my own, 13+ support points
            strength[0] = f"sp {letter} {mine.points_min + 3}+"
        elif (mine.points_min is not None and mine.points_max is None and mine.hcp_max <= 12
              and mine.points_min > mine.hcp_min):
            # my raise showed support points with its HCP capped, not a range (the limit raise: 10+ support
            # points, at most 11 HCP; its HCP floor is no floor at all, so their "upper half" would be 3+):
            # the raise is a three-point range, 10-12, and more than it showed is its top, 12
            strength[0] = f"sp {letter} {mine.points_min + 2}+"
        if "super-accept" in _our_labels(ctx, ctx.turn):
            # my super-accept of his transfer already showed a maximum and four trumps: his control bid is a
            # slam try opposite that, and I show my cheapest control whenever I have one (Root and Pavlicek,
            # Modern Bridge Conventions: after the super-acceptance a new suit is a slam try)
            strength = [""]
    else:
        strength = [f"tsum {letter} {_SLAM_INTEREST}+"]
    made: Made = []
    denied: list[str] = []
    for code, suit in open_calls:
        s = _SUIT_LETTER[suit]
        if code not in taken:
            for values in strength:
                text = _join(values, f"fit {letter}", f"control {s}", *denied)
                rule, _ = _rule(code, text, "control-bid", Forcing.FORCING)
                made.append((rule, bound))
        denied.append(f"not control {s}")
    game = bid_code(4, t)
    after_notrump = ctx.calls[-2] == bid_code(3, _NT)
    if game not in taken and legal(ctx.calls, game):
        # nothing (more) to show: game in the major (also over partner's 3NT, which is game); with slam
        # interest but no control to show below it, game as well
        values = "" if answering or after_notrump else f"tsum {letter} {_SLAM_INTEREST}+"
        rule, _ = _rule(game, _join(values, f"fit {letter}"), "game", Forcing.SIGN_OFF)
        made.append((rule, bound))
    return [], made


# --- principles --------------------------------------------------------------------------------------------

def _stoppers(ctx: Context) -> str:
    """A stopper in every suit the opponents bid, but for those partner has shown one in (his notrump
    bid showed it: the stopper for 3NT may be in either hand)."""
    partner = ctx.shown[(ctx.turn + 2) % 4]
    stopped = {s for key, suits in partner.notes if key == "stop" for s in suits}
    missing = [s for s in ctx.theirs if s not in stopped]
    if not missing:
        return ""
    if len(missing) == len(ctx.theirs):
        return ", stop theirs"
    return "".join(f", stop {_SUIT_LETTER[s]}" for s in missing)


def _fit_suits(ctx: Context) -> list[int]:
    """The suits a fit may be found in (majors first): those partner has shown three or more cards of, and
    those of the player's own suits partner has shown two of."""
    partner = ctx.shown[(ctx.turn + 2) % 4]
    mine = ctx.natural[ctx.turn]
    return [s for s in (3, 2, 1, 0)
            if partner.lengths[s][0] >= 3 or (s in mine and partner.lengths[s][0] >= 2)]


def _no_major_fit(fits: list[int]) -> str:
    """Conditions that keep a stopper ask for the hands with no eight-card major fit known: with one, the
    major is the game and 3NT is not the question (Root and Pavlicek, "Modern Bridge Conventions": the cue
    bid asks for a stopper when no fit has been found)."""
    return "".join(f", not fit {_SUIT_LETTER[s]}" for s in fits if s >= 2)


def _game_losers(ctx: Context) -> int:
    """The most losing tricks a hand may hold to bid game in a major fit by the losing trick count: partner's
    losers estimated from what he has shown (an opening about seven, a minimum response nine), and ten
    tricks wanted of the twenty-four. Halves round up (a minimum response counts nine losers, a 1NT opening
    seven, as Klinger's tables give; Python's round would make them eight and six)."""
    count = partner_count(ctx.shown[(ctx.turn + 2) % 4])
    partner_losers = max(4, min(10, math.floor(12 - count / 3)))
    return max(0, 14 - partner_losers)


def _near_misses(ctx: Context, suit: int) -> tuple[str, str]:
    """The conditions of a known fit in ``suit`` that falls just short of the losing trick count's threshold
    for game: one loser too many with eight trumps, two with nine (by the law of total tricks a ninth trump
    is worth about a trick)."""
    letter, losers = _SUIT_LETTER[suit], _game_losers(ctx)
    return f"fit {letter}, losers -{losers + 1}", f"fit {letter} 9, losers -{losers + 2}"


def _near_games(ctx: Context, add: Callable[..., None], suit: int) -> None:
    """Game in the major ``suit`` as an option for simulation (not the system's call) with a near miss for
    game (:func:`_near_misses`). Whether such a game makes depends on how the hands fit, which the rules
    cannot see and a simulation of the deal can."""
    for conditions in _near_misses(ctx, suit):
        add(bid_code(4, suit), conditions, "game", Forcing.SIGN_OFF, option=True)


def principles(ctx: Context) -> tuple[Made, Made]:
    """What a player does where the written rules stop; see the module documentation."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    ours = (me, partner)
    if not any(c >= 3 for c in ctx.calls):
        return [], []
    taken = _file_calls(ctx)
    if "controls" in ctx.system.generators:
        # a control bid keeps its one meaning: no natural new suit beside it
        taken |= {code for code, _ in _control_calls(ctx)}
    made: Made = []

    def add(code: int | None, conditions: str, label: str, forcing: Forcing | None = None, *,
            judge: bool = False, option: bool = False) -> None:
        if code is None or code in taken or not legal(ctx.calls, code):
            return
        made.append(_rule(code, conditions, label, forcing, judge=judge, option=option))

    partner_facts = ctx.shown[partner]
    # partner has acted: a bid, or a double or redouble the system explains (a negative double...)
    partner_bid = any(c >= 3 or (c > 0 and ctx.meanings[i].rules and ctx.meanings[i].labels != ("no-fit",))
                      for i, c in enumerate(ctx.calls) if ctx.seat_of(i) == partner)
    last, bidder = ctx.last_bid, ctx.last_bidder
    level = _level(last) if last >= 3 else 0
    denom = _denomination(last) if last >= 3 else -1
    stop = _stoppers(ctx)
    fits = _fit_suits(ctx)

    if not partner_bid:
        _without_partner(ctx, add)
        return [], made

    first = _slam_first(ctx, taken)

    if bidder is not None and bidder not in ours:
        # the opponents have the last bid: game, compete in a fit, double for penalty, or pass
        for suit in fits:
            letter = _SUIT_LETTER[suit]
            game = bid_code(_GAME_LEVEL[suit], suit)
            if suit >= 2:
                add(game, f"tsum {letter} 25+, fit {letter}", "game", Forcing.SIGN_OFF, judge=True)
                add(game, f"fit {letter}, losers -{_game_losers(ctx)}", "game", Forcing.SIGN_OFF, judge=True)
                # the losing trick count reckons with eight trumps; a ninth is about one trick more (the law
                # of total tricks): with nine known, game with one loser more than the count allows
                add(game, f"fit {letter} 9, losers -{_game_losers(ctx) + 1}", "game", Forcing.SIGN_OFF,
                    judge=True)
                # near misses by that count (one loser too many with eight trumps known, two with nine): the
                # system competes or passes, and simulation weighs the game on the deal (an option only)
                _near_games(ctx, add, suit)
                raised = partner_facts.points_min
                if raised is not None and raised >= 8 and suit in ctx.natural[me]:
                    # partner raised my suit showing support points (a cue raise: 10+): his count is in
                    # points already, so mine adds to it whole (tsum would take two off his)
                    add(game, f"sp {letter} {max(0, 25 - raised)}+, fit {letter}", "game", Forcing.SIGN_OFF,
                        judge=True)
        for suit in ctx.natural[me]:
            # a good six-card major of my own and game values together: game (opener's 1H-(2C)-4H)
            if suit >= 2 and suit not in fits:
                letter = _SUIT_LETTER[suit]
                add(bid_code(4, suit), f"sum 25+, {letter}>=6, good {letter}", "game", Forcing.SIGN_OFF,
                    judge=True)
                # a long strong suit plays opposite anything: game by the losing trick count
                add(bid_code(4, suit), f"{letter}>=7, good {letter}, losers -{_game_losers(ctx)}", "game",
                    Forcing.SIGN_OFF, judge=True)
        if denom < 4:
            for suit in (3, 2):
                # partner has shown four (a negative double, a response): with three and a ruff in their
                # suit, game in the four-three fit rather than selling out (1D-(1S)-X-(3S)-4H)
                if partner_facts.lengths[suit][0] >= 4 and suit not in ctx.theirs:
                    letter = _SUIT_LETTER[suit]
                    add(bid_code(4, suit), f"sum 25+, {letter}==3, {_SUIT_LETTER[denom]}<=1", "game",
                        Forcing.SIGN_OFF, judge=True)
        # partner has doubled their last bid for penalty and it stands: the hand that would bid 3NT holds game
        # values and their suit guarded, just what makes the penalty the better score, so it leaves the double
        # in (a balanced hand does not take out a penalty double); a long suit or a fit may still bid on
        respected = (ctx.calls[-1] == PASS and ctx.calls[-2] == DOUBLE
                     and ctx.seat_of(len(ctx.calls) - 2) == partner
                     and "penalty-double" in ctx.meanings[-2].labels)
        if not respected:
            add(bid_code(3, _NT), f"sum 25+{stop}", "game", Forcing.SIGN_OFF, judge=True)
        their_game = level >= _GAME_LEVEL[denom]
        # partner has doubled their suit contract for penalty: below game, respect it unless the hand is
        # unsuited to defence (a void in their suit)
        unsuited = ""
        # partner has doubled their last bid (for takeout or penalty): his double speaks for us
        doubled = ctx.calls[-1] == PASS and ctx.calls[-2] == DOUBLE
        if (denom < 4 and ctx.calls[-1] == PASS and ctx.calls[-2] == DOUBLE
                and ctx.seat_of(len(ctx.calls) - 2) == partner
                and "penalty-double" in ctx.meanings[-2].labels):
            unsuited = f", {_SUIT_LETTER[denom]}<=0"
        for suit in fits:
            letter = _SUIT_LETTER[suit]
            code = _cheapest(ctx, suit)
            if code is not None and _level(code) <= 4 and not their_game:
                need = max(8, _level(code) + 6)
                add(code, f"fit {letter} {need}, hcp 4+{unsuited}", "competitive", judge=True)
            if code is not None and _level(code) <= 5 and their_game:
                # over their game: a sacrifice, weighed by simulation (vulnerability decides much)
                add(code, f"fit {letter} 10", "sacrifice", Forcing.SIGN_OFF, option=True)
            if (code is not None and _level(code) <= 3 and _level(code) < _GAME_LEVEL[suit] and not their_game
                    and not unsuited and not doubled and suit not in ctx.theirs):
                # the balance of strength and a fit: raise to the three level on values, not only on trumps
                # (partner's overcall or response and about 21 HCP together; Robson and Segal, "Partnership
                # Bidding at Bridge": with the values for it, do not sell out a partscore with a fit)
                add(code, f"sum 21+, fit {letter}, hcp 10+", "support", Forcing.NON_FORCING, judge=True)
        for suit in ctx.natural[me]:
            code = _cheapest(ctx, suit)
            if code is not None and _level(code) <= 3 and suit not in fits:
                letter = _SUIT_LETTER[suit]
                add(code, f"{letter}>=6, hcp 10+{unsuited}", "rebid-suit", Forcing.NON_FORCING, judge=True)
        for suit in ctx.unbid:
            # a six-card suit nobody has bid, and some values: show it, not forcing (1C-(1D)-X-(2D): 2S
            # with six spades; an advancer's own long suit)
            code = _cheapest(ctx, suit)
            if code is not None and _level(code) <= 3:
                letter = _SUIT_LETTER[suit]
                add(code, f"{letter}>=6, hcp 8+{unsuited}", "natural", Forcing.NON_FORCING, judge=True)
        # a penalty double needs a natural bid to double: not a transfer, a cue bid of our suit or another
        # artificial call (their 2D transfer, their Michaels 2H over our 1H)
        last_index = max(i for i, c in enumerate(ctx.calls) if c >= 3)
        # (a suit they named first stays theirs when we cue-bid it: 1S-(2C)-3C-(P)-4S-(5C) doubles 5C)
        named_at = next(i for i, c in enumerate(ctx.calls) if c >= 3 and _denomination(c) == denom)
        named_first = ctx.seat_of(named_at) not in ours and ctx.meanings[named_at].natural
        natural_bid = ctx.meanings[last_index].natural and (
            denom == _NT or denom not in ctx.natural[me] + ctx.natural[partner] or named_first)
        # they have bid and raised their suit (a fit of eight or more): below game a double is for takeout,
        # the hand short in their suit showing the balance of strength (Robson and Segal, "Partnership
        # Bidding at Bridge": a double of a suit the opponents have bid and raised is for takeout); partner
        # answers as to a takeout double, defending only with length and an honour in their suit
        raised = (denom < 4 and not their_game and level <= 3 and natural_bid
                  and sum(ctx.shown[s].lengths[denom][0] for s in (bidder, (bidder + 2) % 4)) >= 8
                  and not doubled
                  # after partner's own takeout double of their suit a double of the raise is the defenders'
                  # (the written meanings stand); after his negative double it is ours
                  and not any(c == DOUBLE and ctx.seat_of(i) == partner
                              and "takeout-double" in ctx.meanings[i].labels
                              and _denomination(max(b for b in ctx.calls[:i] if b >= 3)) == denom
                              for i, c in enumerate(ctx.calls)))
        if raised:
            letter = _SUIT_LETTER[denom]
            add(DOUBLE, f"{letter}<=1, sum 24+, hcp 11+", "takeout-double", Forcing.FORCING, judge=True)
            add(DOUBLE, f"{letter}<=0, sum 22+, hcp 11+", "takeout-double", Forcing.FORCING, judge=True)
            if level == 3 and ctx.calls[-1] == PASS and ctx.calls[-2] == PASS:
                # in the pass-out seat over their raise to three, partner having passed: with the balance of
                # strength known (23+ together) and two or more of their trumps, double for penalty; they
                # have bid to the three level on a fit with the minority of the points, and the trumps do
                # not break for them (the defence's side of the law of total tricks: Cohen, "To Bid or Not
                # to Bid")
                add(DOUBLE, f"{letter}>=2, hcp 10+, sum 23+", "penalty-double", judge=True)
        elif natural_bid and denom < 4 and level >= 2:
            letter = _SUIT_LETTER[denom]
            add(DOUBLE, f"sum 22+, {letter}>=4, top {letter} 1", "penalty-double", judge=True)
            if level == 3:
                # they compete to three of a suit they have not raised (no fit shown) over our bidding: an
                # opening hand with four of their trumps doubles for penalty. Short of a fit they hold eight
                # trumps at most, and our four sit over or under them (Cohen, "To Bid or Not to Bid": when
                # the trumps lie badly for them, defend; Kelsey, "Killing Defence": the double of a
                # competitive three-level bid when the trumps break)
                add(DOUBLE, f"{letter}>=4, hcp 12+, sum 18+", "penalty-double", judge=True)
                # with the balance of strength (22+ together) three of their trumps do: they are outgunned
                # at the three level without a fit (Robson and Segal, "Partnership Bidding at Bridge": when
                # our side has the balance and no fit, their competitive bid is doubled)
                add(DOUBLE, f"{letter}>=3, sum 22+", "penalty-double", judge=True)
        if natural_bid and (level >= 5 or (level >= 4 and denom >= 2) or (level >= 3 and denom == 4)):
            add(DOUBLE, "sum 23+", "penalty-double", judge=True)
            ours_game = any(ctx.seat_of(i) in ours and c >= 3 and _level(c) >= _GAME_LEVEL[_denomination(c)]
                            and ctx.meanings[i].natural for i, c in enumerate(ctx.calls))
            if ours_game and level >= 5:
                # they bid over our game at the five level: a sacrifice, as a rule; with our share of the
                # strength, do not let it play undoubled
                add(DOUBLE, "sum 20+", "penalty-double", judge=True)
        elif natural_bid and level >= 2 and not raised:
            # the balance of strength and no fit, no stopper: their contract will not make; not with a
            # singleton or void in their suit, where their trumps all take tricks
            add(DOUBLE, "sum 26+" + (f", {_SUIT_LETTER[denom]}>=2" if denom < 4 else ""), "penalty-double",
                judge=True)
        if denom in ctx.theirs and level <= 2 and ctx.calls[-2] != DOUBLE:
            # game values, no fit and no stopper in their suit: a cue bid asks partner for one (1C-1H-(1S)-
            # P-P-2S), forcing
            add(_cheapest(ctx, denom), f"sum 25+, not stop {_SUIT_LETTER[denom]}{_no_major_fit(fits)}",
                "stopper-ask", Forcing.FORCING, judge=True)
        if ctx.forced and ctx.calls[-2] == DOUBLE and level <= 3:
            # partner doubled for takeout: defend with their suit, else bid
            if denom < 4:
                letter = _SUIT_LETTER[denom]
                add(PASS, f"{letter}>=4, top {letter} 1", "pass-penalty", Forcing.SIGN_OFF)
            _advance_double(ctx, add)
        if level == 2 and denom < 4 and not unsuited and not doubled and sum(
                ctx.shown[s].lengths[denom][0] for s in (bidder, (bidder + 2) % 4)) >= 8:
            # the law of total tricks (Cohen, "To Bid or Not to Bid"): they have stopped in two of their
            # agreed suit and we hold eight trumps: some sixteen tricks in the deal, so when their two makes
            # (eight tricks), ours takes eight and three goes one down; not vulnerable that costs 50 or 100
            # against their 110 or more: do not sell out, compete to three (the last choice before passing)
            # (not "competitive", which promises trumps for the level: support for partner's suit, or my own
            # suit that partner has raised, explained as natural)
            for suit in fits:
                code = _cheapest(ctx, suit)
                if code is not None and _level(code) == 3:
                    label = "natural" if suit in ctx.natural[me] else "support"
                    add(code, f"fit {_SUIT_LETTER[suit]} 8, nonvul, hcp 4+", label, Forcing.NON_FORCING,
                        judge=True)
        add(PASS, "", "pass-competitive", judge=True)
        return first, made

    below_game = bidder is None or level < _GAME_LEVEL[denom]
    gf = ctx.game_forcing and below_game
    contested = any(c >= 3 and ctx.seat_of(i) not in ours for i, c in enumerate(ctx.calls))
    forced = ctx.forced
    if bidder in ours or bidder is None:
        # slam by count
        signed_off = _signed_off(ctx)
        for suit in fits:
            letter = _SUIT_LETTER[suit]
            # (requiring control of the suits nobody bid, as RKCB does, was tried on 28 November 2026: it
            # stopped as many making slams as failing ones, -0.008 and -0.022 IMPs a board on seeds 12 and 13)
            if suit != signed_off:
                # not over partner's sign-off in game in the suit (RKCB, tried first, could not ask: a
                # control or a keycard is missing or the level is too high): his game denied slam interest
                add(bid_code(6, suit), f"tsum {letter} 33+, fit {letter}", "slam", Forcing.SIGN_OFF,
                    judge=True)
            add(bid_code(6, suit), f"tsum {letter} 30+, fit {letter}", "slam", Forcing.SIGN_OFF, option=True)
        add(bid_code(7, _NT), f"sum 37+{stop}", "grand-slam", Forcing.SIGN_OFF)
        add(bid_code(6, _NT), f"sum 33+, semibalanced{stop}", "slam", Forcing.SIGN_OFF, judge=True)
        add(bid_code(6, _NT), f"sum 31+, semibalanced{stop}", "slam", Forcing.SIGN_OFF, option=True)
    invited = ctx.partner_meaning
    if (below_game and not gf and invited is not None and invited.forcing is Forcing.INVITATIONAL
            and ctx.calls[-1] == PASS and ctx.calls[-2] >= 3):
        # partner invites: accept with the upper half of what my calls showed
        mine = ctx.shown[me]
        top = min(mine.hcp_max, mine.hcp_min + 6)
        middle = (mine.hcp_min + top + 1) // 2
        count = "hcp"
        if mine.hcp_min == 0 and _advanced_double(ctx):
            # my answer to partner's takeout double was forced and may have been nothing: his raise invites
            # game opposite about six points, counting a long suit (a point a card beyond four)
            count, middle = "pts", 6
        strain = _denomination(ctx.calls[-2])
        game = bid_code(_GAME_LEVEL[strain], strain)
        if strain == _NT:
            add(game, f"{count} {middle}+", "accept", Forcing.SIGN_OFF, judge=True)
        elif strain >= 2:
            # a major: game in it with a fit (partner's invitation may show a long suit of his own, and a
            # singleton makes a poor trump suit), else 3NT with the unbid suits stopped, else game with two
            letter = _SUIT_LETTER[strain]
            add(game, f"{count} {middle}+, fit {letter}", "accept", Forcing.SIGN_OFF, judge=True)
            if count == "hcp":
                # the losing trick count: six losers or fewer opposite an invitation (about eight) make ten
                # tricks, 24 - (6 + 8), whatever the high-card points
                add(game, f"losers -6, fit {letter}", "accept", Forcing.SIGN_OFF, judge=True)
            add(bid_code(3, _NT), f"{count} {middle}+, stop unbid{stop}", "accept", Forcing.SIGN_OFF,
                judge=True)
            add(game, f"{count} {middle}+, {letter}>=2", "accept", Forcing.SIGN_OFF, judge=True)
        else:
            add(bid_code(3, _NT), f"{count} {middle}+{stop}", "accept", Forcing.SIGN_OFF, judge=True)
            add(game, f"{count} {middle}+", "accept", Forcing.SIGN_OFF, judge=True)
        # vulnerable, the game bonus is larger: accept one point lighter, but never with the bottom of the
        # range (partner's invitation asks for more than that); not after a forced answer to a double.
        # 3NT that light only with a hand fit for notrump: with a singleton or a void the tricks a thin
        # game needs are missing (on the 21,800 development deals the light 3NT failed 20 times in 25 with
        # a singleton, -50 IMPs against passing; without one it won, +30 over 31)
        if count == "hcp" and middle - 1 > mine.hcp_min:
            if strain == _NT:
                add(game, f"hcp {middle - 1}+, semibalanced, vul", "accept", Forcing.SIGN_OFF, judge=True)
            elif strain >= 2:
                add(game, f"hcp {middle - 1}+, fit {_SUIT_LETTER[strain]}, vul", "accept", Forcing.SIGN_OFF,
                    judge=True)
        add(PASS, f"{count} -{max(0, middle - 1)}", "decline", Forcing.SIGN_OFF, judge=True)
    if below_game:
        values = "" if gf else "sum 25+"
        if gf and partner_facts.balanced:
            # partner has shown a balanced hand with five cards of his major: flat with three of it, 3NT
            # (the ruffing value is missing on both sides; 1S-2C-2NT-3NT)
            for suit in fits:
                if suit >= 2 and partner_facts.lengths[suit][0] >= 5:
                    add(bid_code(3, _NT), f"balanced, {_SUIT_LETTER[suit]}==3", "game", Forcing.SIGN_OFF,
                        judge=True)
        for suit in fits:
            if suit >= 2:
                letter = _SUIT_LETTER[suit]
                add(bid_code(4, suit), _join("" if gf else f"tsum {letter} 25+", f"fit {letter}"), "game",
                    Forcing.SIGN_OFF, judge=True)
                add(bid_code(4, suit), f"fit {letter}, losers -{_game_losers(ctx)}", "game", Forcing.SIGN_OFF,
                    judge=True)
                if not gf and contested:
                    # in competition, as over their last bid: nine trumps known, one loser more
                    add(bid_code(4, suit), f"fit {letter} 9, losers -{_game_losers(ctx) + 1}", "game",
                        Forcing.SIGN_OFF, judge=True)
                    _near_games(ctx, add, suit)
                if not gf:
                    # vulnerable at IMPs a game pays with well under even chances (about 37 %): bid it
                    # with two points less together
                    add(bid_code(4, suit), f"tsum {letter} 23+, fit {letter}, vul", "game", Forcing.SIGN_OFF,
                        judge=True)
                    add(bid_code(4, suit), f"tsum {letter} 23+, fit {letter}", "game", Forcing.SIGN_OFF,
                        option=True)
        if partner_facts.balanced:
            add(bid_code(3, _NT), _join(values, stop.lstrip(", ")), "game", Forcing.SIGN_OFF, judge=True)
        # forcing to game with the opponents silent, 3NT at once names the suits nobody bid as stopped;
        # without a stopper, a minor fit plays five of it, else the forcing continuation looks further
        # (1H-2D-3D: 5D, not 3NT, with three small spades)
        unbid = ", stop unbid" if gf and not ctx.theirs else ""
        add(bid_code(3, _NT), _join(values, f"semibalanced{stop}{unbid}"), "game", Forcing.SIGN_OFF,
            judge=True)
        if not gf:
            add(bid_code(3, _NT), f"sum 22+{stop}", "game", Forcing.SIGN_OFF, option=True)
        for suit in fits:
            if suit < 2:
                add(bid_code(5, suit), _join(values, f"fit {_SUIT_LETTER[suit]}"), "game", Forcing.SIGN_OFF,
                    judge=True)
        for suit in (3, 2):
            letter = _SUIT_LETTER[suit]
            add(bid_code(4, suit), _join(values, f"{letter}>=6, good {letter}"), "game", Forcing.SIGN_OFF)
            if partner_facts.lengths[suit][0] >= 6:
                add(bid_code(4, suit), _join(values, f"{letter}>=1, unbalanced"), "game", Forcing.SIGN_OFF)
        if forced and ctx.partner_meaning is not None and "stopper-ask" in ctx.partner_meaning.labels:
            # partner's cue bid asked for a stopper in their suit: 3NT with one, before any other answer
            add(bid_code(3, _NT), stop.lstrip(", "), "natural-notrump", Forcing.SIGN_OFF)
        if contested and not gf and stop and ctx.calls[-1] == PASS:
            # game values (25+ together), no fit found and their suit not stopped: do not pass partner's
            # partscore; a cue bid of their suit asks him for a stopper, forcing (1C-(1S)-2D-(P)-3C-(P)-3S:
            # Root and Pavlicek, "Modern Bridge Conventions": the cue bid in a constructive auction asks
            # for a stopper for 3NT)
            for suit in ctx.theirs:
                code = _cheapest(ctx, suit)
                if code is not None and code < bid_code(3, _NT):
                    add(code, f"sum 25+, not stop {_SUIT_LETTER[suit]}{_no_major_fit(fits)}", "stopper-ask",
                        Forcing.FORCING, judge=True)
                    # the cue bid keeps that one meaning (no natural bid of their suit beside it, which
                    # would make it not forcing)
                    taken.add(code)
        if not gf and not forced:
            for suit in fits:
                code = _cheapest(ctx, suit)
                if code is None:
                    continue
                if _level(code) <= 3 and _level(code) < _GAME_LEVEL[suit]:
                    add(code, f"sum 23-24, maxsum 25+, fit {_SUIT_LETTER[suit]}", "invite",
                        Forcing.INVITATIONAL,
                        judge=True)
                    add(code, f"sum 20-24, fit {_SUIT_LETTER[suit]}", "invite", Forcing.INVITATIONAL,
                        option=True)
            add(bid_code(2, _NT), f"sum 23-24, maxsum 25+, semibalanced{stop}", "invite",
                Forcing.INVITATIONAL, judge=True)
            # a seven-card suit of my own and the playing strength for game by the losing trick count: game
            # at once (four of a major, five of a minor: a trick more, a loser less), before any invitation
            # (1D-(1H)-1S-(P)-2D-(P)-4S with QJ98654.AKQJ.6.J: four losers opposite an opening)
            for suit in ctx.natural[me]:
                code = _cheapest(ctx, suit)
                if code is None or suit in fits:
                    continue
                letter = _SUIT_LETTER[suit]
                if suit >= 2 and bid_code(4, suit) >= code:
                    add(bid_code(4, suit), f"{letter}>=7, losers -6, hcp 6+", "game", Forcing.SIGN_OFF,
                        judge=True)
                elif suit < 2 and bid_code(5, suit) >= code:
                    add(bid_code(5, suit), f"{letter}>=7, losers -{_game_losers(ctx) - 1}, hcp 10+", "game",
                        Forcing.SIGN_OFF, judge=True)
            # invitational values and a six-card suit of my own: rebid it, not forcing (1D-(2C)-2H-3D-3H).
            # Responder whose cheapest rebid is at the two level jumps to three: the simple rebid shows no
            # more than a six-card suit (the rule below), the jump rebid is invitational (Root, "Commonsense
            # Bidding": responder's jump rebid of his suit, 10-12 HCP and six cards, invites game). Opener's
            # count of the 23 is light for his jump rebid (16-18), so he rebids at the cheapest level.
            opener = next((ctx.seat_of(i) for i, c in enumerate(ctx.calls) if c >= 3), None)
            for suit in ctx.natural[me]:
                code = _cheapest(ctx, suit)
                if code is not None and _level(code) <= 3 and suit not in fits:
                    letter = _SUIT_LETTER[suit]
                    if (opener == partner and _level(code) == 2
                            and bid_code(3, suit) < bid_code(_GAME_LEVEL[suit], suit)):
                        add(bid_code(3, suit), f"sum 23+, {letter}>=6", "invite", Forcing.INVITATIONAL,
                            judge=True)
                    else:
                        add(code, f"sum 23+, {letter}>=6", "rebid-suit", Forcing.NON_FORCING, judge=True)
            # a long suit of my own and no fit, short of invitational values: rebid a six-card suit at the two
            # level (seven at the three) to play, rather than pass partner's call (1C-1H-(X)-2C-2H)
            for suit in ctx.natural[me]:
                code = _cheapest(ctx, suit)
                if code is None or suit in fits:
                    continue
                letter = _SUIT_LETTER[suit]
                if _level(code) == 2:
                    add(code, f"{letter}>=6, hcp 5+", "rebid-suit", Forcing.NON_FORCING, judge=True)
                elif _level(code) == 3 and _level(code) < _GAME_LEVEL[suit]:
                    add(code, f"{letter}>=7, hcp 5+", "rebid-suit", Forcing.NON_FORCING, judge=True)
            # invitational values or more, no fit, no notrump: a new suit, forcing, to find the contract
            named = {s for suits in ctx.natural for s in suits}
            for suit in (3, 2, 1, 0):
                code = _cheapest(ctx, suit)
                if suit not in named and code is not None and _level(code) <= 3:
                    letter = _SUIT_LETTER[suit]
                    add(code, f"sum 23+, {letter}>=4", "new-suit", Forcing.FORCING,
                        judge=True)
        if forced or gf:
            _forcing_continuation(ctx, add)
            add(bid_code(3, _NT), "", "game", Forcing.SIGN_OFF)
        if contested and not gf:
            # in competition, with a major fit and a near miss for game by the losing trick count (the hands
            # of _near_games), the pass is a choice point: simulation weighs the game against it
            for suit in fits:
                if suit >= 2:
                    for conditions in _near_misses(ctx, suit):
                        add(PASS, f"sum -24, {conditions}", "to-play", Forcing.SIGN_OFF, judge=True)
        add(PASS, "sum -24" if not gf else "", "to-play", Forcing.SIGN_OFF)
    else:
        if contested and bidder == partner and last == bid_code(3, _NT) and ctx.calls[-1] == PASS:
            # partner's 3NT in competition rests on a stopper in their suit, not on the strain: with a major
            # fit known, or a six-card major of my own, and a singleton or void, the suit contract takes the
            # ruffs notrump cannot (choice of games: correct 3NT to four of the major)
            for suit in (3, 2):
                letter = _SUIT_LETTER[suit]
                if suit in fits:
                    add(bid_code(4, suit), f"fit {letter}, not semibalanced", "game", Forcing.SIGN_OFF,
                        judge=True)
                if suit in ctx.natural[me]:
                    add(bid_code(4, suit), f"{letter}>=6, not semibalanced", "game", Forcing.SIGN_OFF,
                        judge=True)
        # at game or higher: pass, unless simulation finds a slam worth bidding
        add(PASS, "", "to-play", Forcing.SIGN_OFF, judge=True)
    return first, made


def _signed_off(ctx: Context) -> int | None:
    """The suit partner has just signed off in at game (a sign-off bid of four of a major or five of a
    minor, the opponents passing), else None. Not after our strong 2C: its opener holds most of the
    controls, and his game over a raise leaves the slam to the count (2C-2D-2H-3H-4H). Not when partner's
    strength was already known within three points (a notrump opening completing a transfer or Smolen,
    1NT-2C-2D-3S-4H): his game then only names the strain, and the count already holds him to his range."""
    meaning = ctx.partner_meaning
    partner = (ctx.turn + 2) % 4
    if (meaning is None or len(ctx.calls) < 2 or ctx.calls[-1] != PASS or ctx.calls[-2] < 3
            or meaning.forcing is not Forcing.SIGN_OFF or "strong-2c" in _our_labels(ctx, ctx.turn)
            or "strong-2c" in _our_labels(ctx, partner)
            or ctx.shown[partner].hcp_max - ctx.shown[partner].hcp_min <= 3):
        return None
    call = ctx.calls[-2]
    suit = _denomination(call)
    return suit if suit != _NT and _level(call) == _GAME_LEVEL[suit] else None


def _slam_first(ctx: Context, taken: set[int]) -> Made:
    """Slam by count, tried before the file's rules: partner's last call was a natural bid below the six
    level, the opponents passed, and the combined values (counting partner as for ``sum``) reach a slam
    whatever game the written rules would bid; in an eight-card major fit, else in notrump. Not after our
    strong 2C (its rebids set the strain first). Not at once over partner's first bid when it leaves his
    strength open by ten points or more (an opening of one of a suit, a two over one): the hand describes
    itself first, and the slam is judged once partner's rebid has limited him (only simulation may still bid
    it there)."""
    meaning = ctx.partner_meaning
    partner = (ctx.turn + 2) % 4
    ours_strong = any("strong-2c" in m.labels for i, m in enumerate(ctx.meanings)
                      if ctx.seat_of(i) % 2 == ctx.turn % 2)
    if (meaning is None or not meaning.natural or not meaning.rules or "control-bid" in meaning.labels
            or ctx.calls[-1] != PASS
            or ctx.calls[-2] < 3 or ctx.last_bidder != partner or ctx.last_bid >= bid_code(6, 0)
            or any(label.startswith("rkcb") for label in meaning.labels) or ours_strong):
        return []
    shown = ctx.shown[partner]
    bids = sum(1 for i, c in enumerate(ctx.calls) if c >= 3 and ctx.seat_of(i) == partner)
    unlimited = bids == 1 and min(shown.hcp_max, 37) - shown.hcp_min >= 10
    stop = _stoppers(ctx)
    # partner's game sign-off with an open range (3NT or four of a major shown as 13+ or 8+) denied slam
    # interest: count him at his minimum, not at the quarter of his range above it that ``sum`` adds (a 3NT
    # shown as 13+ is 13-15, not 16). A limited sign-off (1m-3NT, 13-17) is counted as ``sum`` counts it, and
    # so is a minimum shown in total or support points (1D-1H-4H: 19+ total points)
    extra = 0
    if meaning.forcing is Forcing.SIGN_OFF and min(shown.hcp_max, 37) - shown.hcp_min >= 10:
        floor = shown.hcp_min if shown.points_min is None else max(shown.hcp_min, shown.points_min - 2)
        extra = max(0, partner_count(shown) - floor)
    made: Made = []
    for code, conditions, label, judge, option in (
            (bid_code(7, _NT), f"sum {37 + extra}+, semibalanced{stop}", "grand-slam", False, unlimited),
            (bid_code(6, _NT), f"sum {31 + extra}+, semibalanced{stop}", "slam", not unlimited, unlimited),
            # an unbalanced hand (a singleton, a seven-card suit, two long suits) counts one point more: with
            # 32 together the opponents hold 8 HCP at most and seldom cash two tricks against a singleton,
            # while its long suit brings tricks of its own; a void may leave a whole suit to them, so not
            # with a void (there RKCB or a slam in the fit decides)
            (bid_code(6, _NT), f"sum {32 + extra}+, C>=1, D>=1, H>=1, S>=1{stop}", "slam", not unlimited,
             unlimited),
            (bid_code(6, _NT), f"sum {29 + extra}+, semibalanced{stop}", "slam", False, True)):
        if code == bid_code(6, _NT):
            # with an eight-card major fit the slam goes in the major: the suit often plays a trick better (a
            # ruff, a side suit set up with the trumps), seldom worse, and scores ten points less than notrump
            # (Goren; Root, Commonsense Bidding: look for the trump fit first, notrump only without one).
            # Only a major one of us has bid: a long major never named takes its own route (a transfer first)
            named = set(ctx.natural[ctx.turn]) | set(ctx.natural[partner])
            for suit in (s for s in (3, 2) if s in named and s not in ctx.theirs):
                major = bid_code(6, suit)
                if major not in taken and legal(ctx.calls, major):
                    fit = f"fit {_SUIT_LETTER[suit]}, {conditions}"
                    made.append(_rule(major, fit, label, Forcing.SIGN_OFF, judge=judge, option=option))
        if code not in taken and legal(ctx.calls, code):
            made.append(_rule(code, conditions, label, Forcing.SIGN_OFF, judge=judge, option=option))
    return made


def _without_partner(ctx: Context, add: Callable[..., None]) -> None:
    """Partner has only passed (or doubled): reopen as opener, or compete with a long suit."""
    me = ctx.turn
    last, bidder = ctx.last_bid, ctx.last_bidder
    if bidder is None or bidder in (me, (me + 2) % 4) or last < 3:
        return
    level, denom = _level(last), _denomination(last)
    if level > 3:
        return
    mine = ctx.natural[me]
    last_index = max(i for i, c in enumerate(ctx.calls) if c >= 3)
    if len(mine) == 1 and ctx.meanings[last_index].natural:
        # an opener or overcaller with a second five-card suit and the playing strength of five losers or
        # fewer names it up to the three level when they compete over partner's pass: the pass did not deny
        # a fit in it, and a two-suiter takes tricks (1H-(2D)-P-(3D)-3S, (1H)-2C-(P)-(P)-(2H)-3D with 6-5);
        # with 17+ HCP the double comes first, and over a conventional bid (Michaels) this says nothing
        first = _SUIT_LETTER[mine[0]]
        for suit in (3, 2, 1, 0):
            code = _cheapest(ctx, suit)
            if suit in ctx.theirs or suit == mine[0] or suit == denom or code is None or _level(code) > 3:
                continue
            letter = _SUIT_LETTER[suit]
            add(code, f"{letter}>=5, {first}>=5, losers -5, hcp -16", "new-suit-rebid", Forcing.NON_FORCING,
                judge=True)
    for suit in mine:
        letter = _SUIT_LETTER[suit]
        code = _cheapest(ctx, suit)
        if code is not None and _level(code) <= 2:
            add(code, f"{letter}>=6, hcp 11+", "rebid-suit", Forcing.NON_FORCING, judge=True)
        elif code is not None and _level(code) == 3:
            # the three level alone (partner silent): a seventh card, or the values of a strong opening
            add(code, f"{letter}>=7, hcp 11+", "rebid-suit", Forcing.NON_FORCING, judge=True)
            add(code, f"{letter}>=6, hcp 15+", "rebid-suit", Forcing.NON_FORCING, judge=True)
    if mine and denom < 4 and level <= 2:
        letter = _SUIT_LETTER[denom]
        add(DOUBLE, f"hcp 13+, {letter}<=1", "takeout-double", Forcing.FORCING, judge=True)
    if mine and denom < 4 and level <= 3:
        # a strong opening does not sell out: double, for takeout
        letter = _SUIT_LETTER[denom]
        add(DOUBLE, f"hcp 17+, {letter}<=2", "takeout-double", Forcing.FORCING, judge=True)
        raised = any(c >= 3 and _denomination(c) == denom and ctx.seat_of(i) == (bidder + 2) % 4
                     for i, c in enumerate(ctx.calls))
        # a fit shown without a raise: a transfer and its completion ((1D)-1NT-(P)-2D-(P)-2H)
        fit = ctx.shown[bidder].lengths[denom][0] + ctx.shown[(bidder + 2) % 4].lengths[denom][0] >= 7
        if level == 2 and (raised or fit) and len(mine) == 1:
            # nor does an opener with 18-19 and three of their suit when they raise at the two level (they
            # have eight trumps at most, partner is short)
            add(DOUBLE, f"hcp 18+, {letter}<=3", "takeout-double", Forcing.FORCING, judge=True)
        if level == 3 and raised and any(s in ctx.unbid for s in (2, 3)):
            # they have bid and raised to the three level over my bid (a fit of nine, as a rule): with a
            # singleton in their suit, four cards in the unbid major and opening values, double for takeout
            # rather than sell out (the Law of Total Tricks: our side has a fit too)
            add(DOUBLE, f"hcp 13+, {letter}<=1, unbid-majors>=4", "takeout-double", Forcing.FORCING,
                judge=True)
    for suit in (3, 2, 1, 0):
        letter = _SUIT_LETTER[suit]
        if suit not in ctx.theirs and suit not in mine and level <= 2:
            add(_cheapest(ctx, suit), f"hcp 10-16, {letter}>=6, good {letter}", "natural",
                Forcing.NON_FORCING,
                judge=True)


def _join(*parts: str) -> str:
    return ", ".join(p for p in parts if p)


def _advance_double(ctx: Context, add: Callable[..., None]) -> None:
    """Partner doubled their bid for takeout: bid the longest suit they have not bid (game with the values
    for it), or notrump with their suit stopped; not forcing."""
    theirs = ctx.theirs
    for suit in (3, 2, 1, 0):
        if suit in theirs:
            continue
        letter = _SUIT_LETTER[suit]
        game = bid_code(_GAME_LEVEL[suit], suit)
        if suit >= 2:
            add(game, f"sum 25+, {letter}>=5, longest {letter}", "game", Forcing.SIGN_OFF, judge=True)
        code = _cheapest(ctx, suit)
        if code is not None and _level(code) <= 4:
            add(code, f"{letter}>=4, longest {letter}", "natural", Forcing.NON_FORCING)
    nt = _cheapest(ctx, _NT)
    # a stopper in their suits; when they have bid none naturally (a transfer completed, 1NT-2H-2S), in the
    # suit of the contract partner doubled: the explanation then names a suit, never an empty list
    last = ctx.last_bid
    doubled = [] if theirs or last < 3 or _denomination(last) == _NT else [_denomination(last)]
    stoppers = "stop theirs" if theirs else _join(*(f"stop {_SUIT_LETTER[s]}" for s in doubled))
    if nt is not None and _level(nt) <= 3 and stoppers:
        add(nt, stoppers, "natural-notrump", Forcing.NON_FORCING)
    for suit in (3, 2, 1, 0):
        code = _cheapest(ctx, suit)
        if suit not in theirs and code is not None and _level(code) <= 4:
            add(code, f"{_SUIT_LETTER[suit]}>=3", "natural", Forcing.NON_FORCING)


def _forcing_continuation(ctx: Context, add: Callable[..., None]) -> None:
    """Forced to bid (or in a game-forcing auction below game): support partner, show a new suit, rebid
    a long one, bid notrump, and at worst go back to partner's first suit. Only a new suit forces again:
    a raise, a rebid, notrump or a preference answers the force at the cheapest level and may be passed
    (opener's minimum rebid after responder's forcing new suit, e.g. 1H-1S-2H, is not forcing), unless the
    auction is forcing to game already."""
    me, partner = ctx.turn, (ctx.turn + 2) % 4
    mine, his = ctx.natural[me], ctx.natural[partner]
    again = Forcing.FORCING if ctx.game_forcing else Forcing.NON_FORCING
    if his:
        suit = his[-1]
        letter = _SUIT_LETTER[suit]
        need = 3 if ctx.shown[partner].lengths[suit][0] >= 5 else 4
        add(_cheapest(ctx, suit), f"{letter}>={need}", "support", again)
    for suit in (3, 2, 1, 0):
        if suit not in mine and suit not in his and suit not in ctx.theirs:
            code = _cheapest(ctx, suit)
            if code is not None and _level(code) <= 3:
                letter = _SUIT_LETTER[suit]
                add(code, f"{letter}>=4, longest {letter}", "natural", Forcing.FORCING)
    nt = _cheapest(ctx, _NT)
    notrump_open = nt is not None and _level(nt) <= 3

    def rebid(suit: int) -> int | None:
        # a minor rebid past 3NT only when notrump is gone: with both hands rebidding their own suits
        # (a misfit), 3NT is the game (1D-2C-2D-3C-3D: 3NT, not 4C)
        code = _cheapest(ctx, suit)
        if code is not None and suit < 2 and _level(code) >= 4 and notrump_open:
            return None
        return code

    for suit in mine:
        letter = _SUIT_LETTER[suit]
        add(rebid(suit), f"{letter}>=6", "rebid-suit", again)
    if notrump_open:
        add(nt, "stop theirs" if ctx.theirs else "", "natural-notrump", again)
    for suit in mine:
        letter = _SUIT_LETTER[suit]
        add(rebid(suit), f"{letter}>=5", "rebid-suit", again)
    if his and his[0] != his[-1]:
        # a preference for partner's first suit, when he has bid two (with one, the raise above is it: a
        # two-card "preference" beside it would join the raise's length away, 1D-2C-3C)
        first = his[0]
        add(_cheapest(ctx, first), f"{_SUIT_LETTER[first]}>=2", "preference", again)
    elif his and ctx.theirs:
        # in competition, three cards of partner's only suit raise it rather than pass his force by a
        # non-forcing rebid of one's own (2D 3C P 3S P: 4S with Qxx, not 4C)
        add(_cheapest(ctx, his[0]), f"{_SUIT_LETTER[his[0]]}>=3", "support", again)
    # their suit last: with another suit as long, bid that rather than name the suit they hold
    opening = next((i for i, c in enumerate(ctx.calls) if c >= 3), None)
    opened = (_denomination(ctx.calls[opening]) if opening is not None and ctx.seat_of(opening) == me
              and _level(ctx.calls[opening]) == 1 else None)
    for suit in sorted((3, 2, 1, 0), key=lambda s: s in ctx.theirs):
        if his and suit in (his[0], his[-1]):
            # partner's suit as my longest holds four, so the support or the preference above makes it
            continue
        letter = _SUIT_LETTER[suit]
        new_suit = suit not in mine and suit not in his and suit not in ctx.theirs
        # the suit I opened again only with five cards: a rebid that could hold four would explain the rebids
        # above (five or six) as "three or more" too, and partner would never raise it (1C-(1S)-2D-(P)-3C);
        # a suit I named later (a response, a new suit) may be repeated with four (P-P-P-1H-(1S)-X-(2S)-X-
        # (P)-3D-(P)-3S-(P): 4D with T985)
        own = (f"{letter}>={5 if suit == opened else 4}, " if suit in mine else "")
        add(_cheapest(ctx, suit), f"{own}longest {letter}", "natural", Forcing.FORCING if new_suit else again)
