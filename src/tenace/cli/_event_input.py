"""What ``tenace event`` reads: adjusted scores as Directors write them, participant lists, deals, other
programs' result files, and the movements it generates. Pure functions that raise :class:`ValueError` with the
file and line, or the value, that is wrong."""

from __future__ import annotations

import csv
import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from tenace.deal import Deal
from tenace.scoring.adjusted import ArtificialAdjustedScore, AssignedAdjustedScore, Award, WeightedScore
from tenace.tournament.model import EventKind, Movement, Participant, Player

if TYPE_CHECKING:
    from tenace.tournament.imports import Imported

_ARTIFICIAL_RE = re.compile(r"^A?\s*(\d{1,3}|[+=-])\s*/\s*A?\s*(\d{1,3}|[+=-])$", re.IGNORECASE)
_AWARD_SIGN = {"+": Award.AVERAGE_PLUS, "=": Award.AVERAGE, "-": Award.AVERAGE_MINUS}


def parse_artificial(text: str) -> ArtificialAdjustedScore:
    """An artificial adjusted score (Law 12C2) as a Director writes it: ``A60/40``, ``A+/A-``, ``A50/50`` or
    the USEBIO code ``A6040``. The Law's own percentages become awards, so that the session rule of Law
    12C2(c) applies to them.

    >>> parse_artificial("A60/40")
    ArtificialAdjustedScore(ns=<Award.AVERAGE_PLUS: 'A+'>, ew=<Award.AVERAGE_MINUS: 'A-'>)
    >>> parse_artificial("A=/A=").ns, parse_artificial("A6060").ew
    (<Award.AVERAGE: 'A='>, <Award.AVERAGE_PLUS: 'A+'>)
    >>> parse_artificial("A70/30").ns
    Fraction(70, 1)
    """
    cleaned = text.strip()
    match = _ARTIFICIAL_RE.fullmatch(cleaned)
    if match is None:
        try:
            return ArtificialAdjustedScore.from_code(cleaned)
        except ValueError:
            raise ValueError(
                f"not an artificial adjusted score: {text!r} (expected e.g. A60/40, A+/A-, A50/50 or A6040)"
            ) from None
    sides: list[Award | Fraction] = []
    by_value = {Fraction(60): Award.AVERAGE_PLUS, Fraction(50): Award.AVERAGE,
                Fraction(40): Award.AVERAGE_MINUS}
    for part in match.groups():
        if part in _AWARD_SIGN:
            sides.append(_AWARD_SIGN[part])
        else:
            value = Fraction(int(part))
            if value > 100:
                raise ValueError(f"an artificial score is 0 to 100 per cent, got {part} in {text!r}")
            sides.append(by_value.get(value, value))
    return ArtificialAdjustedScore(sides[0], sides[1])


def _weighted(text: str, negate: bool) -> WeightedScore:
    components: list[tuple[int, Fraction]] = []
    for part in text.split(","):
        score_text, _, weight_text = part.partition("@")
        try:
            value = int(score_text.strip())
            weight = Fraction(weight_text.strip()) if weight_text.strip() else Fraction(1)
        except (ValueError, ZeroDivisionError):
            raise ValueError(
                f"not a score or weight: {part.strip()!r} (expected e.g. 420 or 420@2/3)") from None
        components.append((-value if negate else value, weight))
    return WeightedScore(tuple(components))


def parse_assigned(text: str) -> AssignedAdjustedScore:
    """An assigned adjusted score (Law 12C1) as ``NS/EW``, each side's score from its own point of view, or
    one North-South score for both sides; a side may be weighted (Law 12C1(c)) as ``620@2/3,-100@1/3``.

    >>> parse_assigned("420/-420") == AssignedAdjustedScore.balancing(420)
    True
    >>> str(parse_assigned("420/50"))          # non-balancing (Law 12C1(e)): NS +420, EW +50
    'assigned NS 420 (1), EW -50 (1)'
    >>> str(parse_assigned("620@2/3,-100@1/3"))
    'assigned 620 (2/3), -100 (1/3)'
    """
    cleaned = text.strip()
    parts = _split_sides(cleaned)
    if len(parts) == 1:
        return AssignedAdjustedScore.balancing(_weighted(parts[0], negate=False))
    if len(parts) == 2:
        return AssignedAdjustedScore(_weighted(parts[0], negate=False), _weighted(parts[1], negate=True))
    raise ValueError(f"not an assigned score: {text!r} (expected NS/EW such as 420/-420, or one score)")


def _split_sides(text: str) -> list[str]:
    """Split ``NS/EW`` at the slash that is not the fraction of a weight (``@2/3``)."""
    sides: list[str] = []
    current = ""
    in_weight = weight_slash = False
    for i, char in enumerate(text):
        if char == "@":
            in_weight, weight_slash = True, False
        elif char == ",":
            in_weight = False
        elif char == "/":
            following = text[i + 1:i + 2]
            if in_weight and not weight_slash and following.isdigit():
                weight_slash = True
            else:
                sides.append(current)
                current = ""
                in_weight = False
                continue
        current += char
    sides.append(current)
    return sides


def read_participants(path: Path, kind: EventKind) -> tuple[Participant, ...]:
    """Participants from a CSV file with a header: ``id`` and ``name`` columns, optionally ``players``
    (names separated by ``;``) and ``phantom`` (``yes``/``no``). Errors name the file and line."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from exc
    reader = csv.DictReader(text.splitlines())
    fields = [f.strip().lower() for f in reader.fieldnames or ()]
    if "id" not in fields or "name" not in fields:
        raise ValueError(f"{path}:1: the header must have 'id' and 'name' columns, got {', '.join(fields)}")
    participants: list[Participant] = []
    seen: set[str] = set()
    for lineno, row in enumerate(reader, start=2):
        data = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()}
        ident, name = data.get("id", ""), data.get("name", "")
        if not ident:
            raise ValueError(f"{path}:{lineno}: field 'id' is empty")
        if ident in seen:
            raise ValueError(f"{path}:{lineno}: field 'id': contestant {ident!r} is listed twice")
        seen.add(ident)
        names = [n.strip() for n in data.get("players", "").split(";") if n.strip()]
        players = tuple(Player(id=f"{ident}.{i}", name=n) for i, n in enumerate(names, start=1))
        phantom_text = data.get("phantom", "").lower()
        if phantom_text not in ("", "yes", "no", "true", "false", "1", "0"):
            raise ValueError(f"{path}:{lineno}: field 'phantom' must be yes or no, got {phantom_text!r}")
        participants.append(Participant(id=ident, name=name or default_name(ident, kind), players=players,
                                        phantom=phantom_text in ("yes", "true", "1")))
    if not participants:
        raise ValueError(f"{path}: no participants")
    return tuple(participants)


def default_name(ident: str, kind: EventKind) -> str:
    word = {EventKind.PAIRS: "Pair", EventKind.TEAMS: "Team", EventKind.INDIVIDUAL: "Player"}[kind]
    return f"{word} {ident}"


def generate(mitchell: int | None, howell: int | None, boards: int, per_round: int | None) -> Movement:
    """A full Mitchell or Howell with ``boards`` boards in play: ``per_round`` boards a round (default: as few
    as cover ``boards`` in the movement's rounds); a last set that would go beyond ``boards`` is shorter."""
    from tenace.tournament.movements.howell import howell as make_howell
    from tenace.tournament.movements.mitchell import mitchell as make_mitchell

    def make(k: int) -> Movement:
        if mitchell is not None:
            return make_mitchell(mitchell, boards_per_round=k)
        assert howell is not None
        return make_howell(howell, boards_per_round=k)

    if per_round is None:
        rounds = len(make(1).rounds)
        per_round = -(-boards // rounds)
    movement = make(per_round)
    if len(movement.boards) < boards:
        raise ValueError(f"{movement.name} with {per_round} boards a round has {len(movement.boards)} "
                         f"boards, fewer than --boards {boards}")
    seatings = []
    for s in movement.seatings:
        kept = tuple(b for b in s.boards if b <= boards)
        if kept:
            seatings.append(replace(s, boards=kept))
    sets = -(-boards // per_round)
    description = f"{movement.description}; {boards} boards in {sets} sets"
    return replace(movement, seatings=tuple(seatings), description=description)


def read_deals(path: Path | None) -> dict[int, Deal] | None:
    """The deals of a PBN file, by board number, for travellers and hand records.

    :raises ValueError: naming the file if it cannot be read or has no numbered board with a full deal.
    """
    if path is None:
        return None
    deals: dict[int, Deal] = {}
    try:
        from tenace.formats.pbn.reader import read_file

        games = read_file(path)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: cannot read the boards: {exc}") from exc
    for game in games:
        record = game.record
        if record.number is not None and isinstance(record.deal, Deal):
            deals[record.number] = record.deal
    if not deals:
        raise ValueError(f"{path}: no numbered boards with a full deal")
    return deals


def read_import(path: Path) -> Imported:
    """The results of another program's file, by its extension: ``.pbn``, ``.xml`` (USEBIO) or ``.lin``."""
    from tenace.tournament import imports

    suffix = path.suffix.lower()
    if suffix == ".pbn":
        return imports.import_pbn(path, source=str(path))
    if suffix == ".xml":
        return imports.import_usebio(path, source=str(path))
    if suffix == ".lin":
        return imports.import_lin([path])
    raise ValueError(f"{path}: cannot tell the format from the extension (expected .pbn, .xml for USEBIO, "
                     "or .lin)")
