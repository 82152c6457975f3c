"""The meanings a rule may name, with the text an opponent is given (Law 20F) and the convention it belongs
to, and the conventions a system may list.

Every text is marked for translation (``N_``); :mod:`tenace.system.bidding.explain` renders them in the five
languages. A rule naming a meaning that is not here, or a system listing a convention that is not here, is
refused when the system is read (``tenace card check``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["CONVENTIONS", "LABELS", "Label", "N_"]


def N_(message: str) -> str:  # noqa: N802 - the gettext marker
    return message


@dataclass(frozen=True, slots=True)
class Label:
    text: str
    convention: str | None = None


def _l(text: str, convention: str | None = None) -> Label:
    return Label(text, convention)


#: The conventions a system may list, with what each does (for the system card).
CONVENTIONS: Final[dict[str, str]] = {
    "Two over one": N_("A new suit at the two level over a one-level major opening (not by a passed hand) "
                       "forces to game; 1NT over a major is forcing for one round."),
    "Standard American": N_("A new suit at the two level over a one-level opening shows 10 or more points "
                            "and forces one round; 1NT over a major is not forcing."),
    "Strong notrump": N_("1NT shows 15-17 HCP and a balanced hand; 2NT 20-21."),
    "Stayman": N_("2C over 1NT asks opener for a four-card major."),
    "Jacoby transfers": N_("2D and 2H over 1NT show five or more cards in the next suit up; opener bids it "
                           "(with four of them and a maximum he jumps: a super-accept)."),
    "Minor-suit transfer": N_("2S over 1NT asks opener to bid 3C: responder passes with long clubs or bids "
                              "3D with long diamonds, to play."),
    "Texas": N_("4D and 4H over 1NT show six or more cards in the next suit up and ask opener to bid it."),
    "Smolen": N_("After 1NT-2C-2D, a jump to three of a major shows four cards in it, five in the other "
                 "major, and game values."),
    "Lebensohl": N_("After an overcall of our 1NT, 2NT asks opener to bid 3C, to sign off in a suit or to "
                    "show a stopper; direct three-level bids force to game."),
    "Gerber": N_("4C over a notrump opening asks for aces."),
    "Quantitative notrump": N_("4NT over a natural notrump bid, with no suit agreed, invites 6NT."),
    "Strong 2C": N_("2C shows 22 or more HCP or game in hand; 2D is a waiting answer."),
    "Weak twos": N_("2D, 2H and 2S show a six-card suit and 5-10 HCP."),
    "Ogust": N_("2NT over a weak two asks about strength and suit quality: 3C minimum with a poor suit, 3D "
                "minimum with a good suit, 3H maximum with a poor suit, 3S maximum with a good suit, 3NT "
                "three top honours."),
    "Preempts": N_("Openings at the three level and higher show a long suit and a weak hand."),
    "Jacoby 2NT": N_("2NT over a major opening shows four-card support and game values; opener shows a "
                     "shortness, extra length or his strength."),
    "Splinters": N_("A double jump in a new suit shows four-card support, game values and a singleton or "
                    "void in the suit bid."),
    "Inverted minors": N_("A single raise of a minor is forcing (10 or more HCP); a jump raise is weak."),
    "Drury": N_("2C by a passed hand over partner's major opening shows three-card support and 10-12 "
                "points."),
    "New minor forcing": N_("After opener's 1NT rebid, responder's bid in the unbid minor asks about support "
                            "for his major and opener's strength."),
    "Fourth suit forcing": N_("The fourth suit bid by responder is artificial and forces to game."),
    "Reverses": N_("Opener's rebid at the two level in a suit higher than his first shows 17 or more HCP and "
                   "forces one round."),
    "RKCB 1430": N_("4NT asks for keycards (the four aces and the trump king) once a suit is agreed: 5C one "
                    "or four, 5D none or three, 5H two without the trump queen, 5S two with it; the next "
                    "step after 5C or 5D asks for the queen; 5NT asks for specific kings."),
    "Control bids": N_("Once a major is agreed in a game-forcing auction, a new suit below game shows a "
                       "first- or second-round control and slam interest."),
    "Negative doubles": N_("After partner's opening and an overcall, a double shows the unbid major(s) and "
                           "6 or more HCP (up to 3S)."),
    "Support doubles": N_("After an overcall of responder's one-level major, opener's double shows exactly "
                          "three-card support."),
    "Responsive doubles": N_("After partner's takeout double and a raise, a double shows values and both "
                             "unbid suits."),
    "Takeout doubles": N_("A double of a suit opening asks partner to bid: shortness in the suit and support "
                          "for the others, or a strong hand."),
    "Michaels": N_("A cue bid of the opening suit shows five-five: both majors over a minor, the other major "
                   "and a minor over a major."),
    "Unusual 2NT": N_("A jump to 2NT over an opening shows five-five in the two lowest unbid suits."),
    "Weak jump overcalls": N_("A jump overcall shows a six-card suit and a weak hand."),
    "Landy": N_("Over the opponents' 1NT, 2C shows both majors; a double is for penalty."),
    "Leaping Michaels": N_("Over a weak two in a major, 4C or 4D shows five of that minor and five of the "
                           "other major, game values."),
    "Lebensohl after a double of a weak two": N_("After partner's takeout double of a weak two, 2NT asks for "
                                                   "3C with a weak hand."),
    "Law of total tricks": N_("In a competitive auction with a fit, the partnership bids to the level of "
                              "its combined trumps (eight cards: two level, nine: three)."),
    "Lead-directing doubles": N_("A double of an artificial bid asks for a lead of that suit."),
    "Redouble shows strength": N_("After a takeout double of partner's opening, a redouble shows 10 or more "
                                  "HCP."),
    "Balancing": N_("In the passout seat, overcalls and doubles may be made with about three points less; "
                    "1NT shows 11-14."),
}

#: Every meaning a rule may name (the key is what the file writes after the colon).
LABELS: Final[dict[str, Label]] = {
    # generic
    "natural": _l(N_("natural")),
    "natural-notrump": _l(N_("natural: a notrump contract suggested")),
    "no-fit": _l(N_("pass: no call of the system fits the hand")),
    "to-play": _l(N_("to play")),
    "game": _l(N_("to play: game values")),
    "slam": _l(N_("to play: slam values")),
    "grand-slam": _l(N_("to play: grand slam values")),
    "invite": _l(N_("invitational")),
    "support": _l(N_("support for partner's suit")),
    "preference": _l(N_("preference between partner's suits")),
    "rebid-suit": _l(N_("rebids the suit: extra length")),
    "competitive": _l(N_("competitive: a fit, bidding to the level of the combined trumps"),
                      "Law of total tricks"),
    "penalty-double": _l(N_("for penalty")),
    "sacrifice": _l(N_("to play: a big fit, bidding over their game")),
    "pass-competitive": _l(N_("pass: no reason to compete further")),
    "pass-weak": _l(N_("pass: not the values to open")),
    "pass-penalty": _l(N_("pass: converts partner's double to penalties")),
    # openings
    "notrump-opening": _l(N_("natural: balanced, or semi-balanced with a long minor"), "Strong notrump"),
    "major-opening": _l(N_("natural")),
    "minor-opening": _l(N_("natural: no five-card major unless clubs are longer")),
    "diamond-opening": _l(N_("natural: no five-card major unless diamonds are longer")),
    "strong-2c": _l(N_("strong and artificial: 22 or more HCP, or a long major and game in hand"),
                    "Strong 2C"),
    "weak-two": _l(N_("weak two"), "Weak twos"),
    "preempt": _l(N_("preemptive: a long suit, weak"), "Preempts"),
    # responses to a suit
    "new-suit": _l(N_("natural, forcing: a new suit")),
    "one-over-one": _l(N_("natural: a new suit")),
    "two-over-one": _l(N_("two over one: natural, forces to game"), "Two over one"),
    "two-over-one-nf": _l(N_("natural: 10 or more points, forcing one round"), "Standard American"),
    "passed-two-over-one": _l(N_("natural: a passed hand")),
    "forcing-notrump": _l(N_("1NT forcing: no fit for opener's major, no suit to show at the one level"),
                          "Two over one"),
    "notrump-response": _l(N_("natural: no fit, no suit to show at the one level")),
    "raise": _l(N_("raise: support for partner's suit")),
    "single-raise": _l(N_("single raise")),
    "limit-raise": _l(N_("limit raise")),
    "preemptive-raise": _l(N_("preemptive raise")),
    "raise-to-game": _l(N_("raise to game: to make, or as a preempt")),
    "jacoby-2nt": _l(N_("Jacoby 2NT: a raise with game values"), "Jacoby 2NT"),
    "splinter": _l(N_("splinter: four or more trumps, game values, at most one card in the suit bid"),
                   "Splinters"),
    "drury": _l(N_("Drury: a passed hand's good raise"), "Drury"),
    "inverted-raise": _l(N_("inverted raise: support, 10 or more HCP, no four-card major"),
                         "Inverted minors"),
    "weak-raise": _l(N_("weak raise"), "Inverted minors"),
    "jump-shift": _l(N_("jump shift: a strong hand with a good suit, forces to game")),
    "notrump-invite": _l(N_("natural: invites game in notrump")),
    "notrump-game": _l(N_("to play: game in notrump")),
    # opener's rebids
    "rebid-minimum": _l(N_("natural: a minimum opening")),
    "rebid-notrump": _l(N_("natural")),
    "jump-rebid": _l(N_("natural: a jump rebid of the suit")),
    "new-suit-rebid": _l(N_("natural: a new suit")),
    "reverse": _l(N_("reverse: 17 or more HCP, longer first suit, forcing one round"), "Reverses"),
    "jump-shift-rebid": _l(N_("jump shift: a strong hand, forces to game")),
    "jump-raise": _l(N_("jump raise: four-card support, invitational")),
    "game-raise": _l(N_("raise to game: four-card support, extra values")),
    "three-card-minor": _l(N_("natural (may be a three-card minor)")),
    "rebid-2m-after-2over1": _l(N_("natural: six cards, or a minimum with nothing else to bid"),
                                "Two over one"),
    # responder's rebids
    "new-minor-forcing": _l(N_("new minor forcing: asks for support and strength"), "New minor forcing"),
    "fourth-suit": _l(N_("fourth suit forcing: artificial, forces to game"), "Fourth suit forcing"),
    "signoff": _l(N_("sign-off")),
    # after Jacoby 2NT
    "jacoby-shortness": _l(N_("answer to Jacoby 2NT: a singleton or void in the suit bid"), "Jacoby 2NT"),
    "jacoby-source": _l(N_("answer to Jacoby 2NT: a good five-card side suit"), "Jacoby 2NT"),
    "jacoby-maximum": _l(N_("answer to Jacoby 2NT: no shortness, extra values"), "Jacoby 2NT"),
    "jacoby-medium": _l(N_("answer to Jacoby 2NT: no shortness, medium strength"), "Jacoby 2NT"),
    "jacoby-minimum": _l(N_("answer to Jacoby 2NT: no shortness, a minimum"), "Jacoby 2NT"),
    # notrump
    "stayman": _l(N_("Stayman: asks for a four-card major"), "Stayman"),
    "stayman-none": _l(N_("answer to Stayman: no four-card major"), "Stayman"),
    "stayman-hearts": _l(N_("answer to Stayman: four hearts (may hold four spades)"), "Stayman"),
    "stayman-spades": _l(N_("answer to Stayman: four spades, not four hearts"), "Stayman"),
    "smolen": _l(N_("Smolen: four cards in the suit bid, five in the other major, game values"), "Smolen"),
    "transfer": _l(N_("Jacoby transfer: shows the next suit up"), "Jacoby transfers"),
    "transfer-complete": _l(N_("completes the transfer"), "Jacoby transfers"),
    "super-accept": _l(N_("super-accept: four-card support and a maximum"), "Jacoby transfers"),
    "minor-transfer": _l(N_("asks opener to bid 3C: a weak hand with a long minor"), "Minor-suit transfer"),
    "minor-transfer-complete": _l(N_("completes the relay: says nothing about clubs"), "Minor-suit transfer"),
    "texas": _l(N_("Texas transfer: shows the next suit up"), "Texas"),
    "texas-complete": _l(N_("completes the Texas transfer"), "Texas"),
    "quantitative": _l(N_("quantitative: invites slam in notrump"), "Quantitative notrump"),
    "accept": _l(N_("accepts the invitation")),
    "decline": _l(N_("declines the invitation")),
    "gerber": _l(N_("Gerber: asks for aces"), "Gerber"),
    "gerber-answer": _l(N_("answer to Gerber: the number of aces (the first step none or four)"), "Gerber"),
    "lebensohl": _l(N_("Lebensohl: asks opener to bid 3C"), "Lebensohl"),
    "lebensohl-relay": _l(N_("completes the Lebensohl relay"), "Lebensohl"),
    "stopper-ask": _l(N_("cue bid: asks for a stopper")),
    "cue-bid-stayman": _l(N_("cue bid: Stayman, with game values")),
    # strong 2C
    "2c-waiting": _l(N_("waiting: artificial, any hand without a positive answer"), "Strong 2C"),
    "2c-positive": _l(N_("positive: a good five-card suit and 8 or more HCP"), "Strong 2C"),
    "2c-second-negative": _l(N_("second negative: 0-3 HCP"), "Strong 2C"),
    # weak twos
    "ogust": _l(N_("Ogust: asks about strength and suit quality"), "Ogust"),
    "ogust-min-bad": _l(N_("answer to Ogust: minimum, poor suit"), "Ogust"),
    "ogust-min-good": _l(N_("answer to Ogust: minimum, good suit"), "Ogust"),
    "ogust-max-bad": _l(N_("answer to Ogust: maximum, poor suit"), "Ogust"),
    "ogust-max-good": _l(N_("answer to Ogust: maximum, good suit"), "Ogust"),
    "ogust-solid": _l(N_("answer to Ogust: three top honours"), "Ogust"),
    # slam
    "rkcb": _l(N_("Roman Key Card Blackwood: asks for keycards"), "RKCB 1430"),
    "rkcb-answer-14": _l(N_("answer to RKCB: one or four keycards"), "RKCB 1430"),
    "rkcb-answer-03": _l(N_("answer to RKCB: none or three keycards"), "RKCB 1430"),
    "rkcb-answer-2": _l(N_("answer to RKCB: two keycards without the trump queen"), "RKCB 1430"),
    "rkcb-answer-2q": _l(N_("answer to RKCB: two keycards with the trump queen"), "RKCB 1430"),
    "rkcb-signoff": _l(N_("sign-off: two keycards missing"), "RKCB 1430"),
    "rkcb-queen-ask": _l(N_("asks for the trump queen"), "RKCB 1430"),
    "rkcb-queen-yes": _l(N_("answer to the queen ask: holds the trump queen"), "RKCB 1430"),
    "rkcb-queen-no": _l(N_("answer to the queen ask: no trump queen"), "RKCB 1430"),
    "rkcb-king-ask": _l(N_("asks for kings: all keycards and the trump queen held"), "RKCB 1430"),
    "rkcb-king": _l(N_("answer to the king ask: the king of the suit bid"), "RKCB 1430"),
    "rkcb-king-none": _l(N_("answer to the king ask: no side king"), "RKCB 1430"),
    "control-bid": _l(N_("control bid: first- or second-round control, slam interest"), "Control bids"),
    # competition
    "overcall": _l(N_("overcall: natural")),
    "notrump-overcall": _l(N_("natural notrump overcall")),
    "weak-jump-overcall": _l(N_("weak jump overcall: a six-card suit, weak"), "Weak jump overcalls"),
    "takeout-double": _l(N_("takeout double: short in their suit, support for the others, or a strong hand"),
                         "Takeout doubles"),
    "michaels": _l(N_("Michaels: five-five in two suits"), "Michaels"),
    "unusual-2nt": _l(N_("unusual 2NT: five-five in the two lowest unbid suits"), "Unusual 2NT"),
    "negative-double": _l(N_("negative double: the unbid major(s), 6 or more HCP"), "Negative doubles"),
    "support-double": _l(N_("support double: exactly three cards in partner's major"), "Support doubles"),
    "responsive-double": _l(N_("responsive double: values, both unbid suits"), "Responsive doubles"),
    "redouble-strength": _l(N_("redouble: 10 or more HCP"), "Redouble shows strength"),
    "advance": _l(N_("advance: natural")),
    "advance-cue": _l(N_("cue bid: a good raise or a strong hand, forcing")),
    "advance-jump": _l(N_("jump advance: invitational")),
    "advance-raise": _l(N_("raise of the overcall")),
    "landy": _l(N_("Landy: both majors"), "Landy"),
    "leaping-michaels": _l(N_("Leaping Michaels: five of the minor bid and five of the other major, game "
                              "values"), "Leaping Michaels"),
    "balancing-double": _l(N_("balancing double: short in their suit"), "Balancing"),
    "balancing-notrump": _l(N_("balancing 1NT"), "Balancing"),
    "lead-double": _l(N_("lead-directing: asks for a lead of the suit bid"), "Lead-directing doubles"),
    "transfer-doubled": _l(N_("completes the doubled transfer"), "Jacoby transfers"),
    "transfer-doubled-pass": _l(N_("pass: two cards in the transfer suit"), "Jacoby transfers"),
}
