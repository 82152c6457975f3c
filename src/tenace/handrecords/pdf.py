"""Hand records as a PDF (fpdf2, the ``[pdf]`` extra): A4 portrait, 2, 3 or 4 boards per page.

Suit symbols need a Unicode TrueType font. The renderer uses DejaVu Sans, found in this order: the
``font_path`` argument; the usual system font folders (Debian's ``fonts-dejavu-core`` puts it in
``/usr/share/fonts/truetype/dejavu/``); the copy that matplotlib ships (matplotlib comes with the ``[dds]``
extra). With none of these it falls back to the built-in Helvetica, prints suits as the letters S, H, D, C
and emits a :class:`UserWarning` saying so.
"""

from __future__ import annotations

import importlib.util
import warnings
from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tenace.board import Board
from tenace.calls import Denomination
from tenace.handrecords.model import BoardAnalysis, PrintedBoard, PrintedHand, paginate, printed_boards
from tenace.seats import Seat

_FAMILY: Final = "TenaceSans"
_SYSTEM_FONT_DIRS: Final = (
    "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu
    "/usr/share/fonts/dejavu-sans-fonts",  # Fedora
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",  # Arch
    "/usr/local/share/fonts",
    "/Library/Fonts",
)
_RED: Final = (192, 0, 0)
_BLACK: Final = (0, 0, 0)
_GREY: Final = (90, 90, 90)
_PAGE_W: Final = 210.0
_PAGE_H: Final = 297.0
_MARGIN: Final = 10.0
_HEADER_H: Final = 8.0
_GAP: Final = 4.0
_LINE: Final = 4.5  # mm per hand line
_COL_W: Final = (31.0, 22.0, 31.0)  # West/info column, compass, East column
_DD_FIRST_W: Final = 7.0
_DD_W: Final = 8.0
_DD_H: Final = 5.0
_DIAGRAM_H: Final = 4 * _LINE + 1.5 + _COL_W[1] + 1.5 + 4 * _LINE  # north, compass, south
_RED_DENOMINATIONS: Final = frozenset({Denomination.HEARTS, Denomination.DIAMONDS})
# Characters outside Latin-1 that the built-in fonts cannot print.
_PLAIN: Final = str.maketrans({"\u2212": "-", "\u2014": "-", "\u2013": "-", "\u00b7": "|"})


@dataclass(frozen=True, slots=True)
class _Fonts:
    unicode: bool
    """True with a TrueType font; False with the built-in Helvetica (suits as letters)."""


def find_unicode_font(font_path: str | Path | None = None) -> tuple[Path, Path | None] | None:
    """The regular and (if present) bold DejaVu Sans files the PDF will use, or ``None`` if there are none.

    :raises FileNotFoundError: if ``font_path`` is given and does not exist.
    """
    if font_path is not None:
        path = Path(font_path)
        if not path.is_file():
            raise FileNotFoundError(f"font file {path} does not exist")
        bold = path.with_name(path.stem + "-Bold" + path.suffix)
        return path, bold if bold.is_file() else None
    dirs = [Path(d) for d in _SYSTEM_FONT_DIRS]
    spec = importlib.util.find_spec("matplotlib")  # finds the package without importing it
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            dirs.append(Path(location) / "mpl-data" / "fonts" / "ttf")
    for folder in dirs:
        regular = folder / "DejaVuSans.ttf"
        if regular.is_file():
            bold = folder / "DejaVuSans-Bold.ttf"
            return regular, bold if bold.is_file() else None
    return None


def render_pdf(
    boards: Sequence[Board],
    analyses: Sequence[BoardAnalysis | None] | None = None,
    path: str | Path | None = None,
    *,
    title: str = "Hand records",
    per_page: int = 4,
    font_path: str | Path | None = None,
) -> bytes:
    """The hand records of ``boards`` as a PDF document; also written to ``path`` when given.

    The layout follows :func:`~tenace.handrecords.render_html`: number, dealer and vulnerability (vulnerable
    seats in red), the four hands around a compass, high-card points, and the double-dummy table and par when
    ``analyses`` has them.

    :raises ValueError: if a board has no deal, the lengths differ, or ``per_page`` is not 2, 3 or 4.

    The analysis is computed beforehand (see :func:`~tenace.handrecords.analyse_boards`), so rendering never
    calls the solver.
    """
    from fpdf import FPDF  # optional extra [pdf]: imported only when a PDF is asked for

    pages = paginate(printed_boards(boards, analyses), per_page)
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(False)
    pdf.set_margins(_MARGIN, _MARGIN, _MARGIN)
    pdf.set_title(title)
    pdf.set_creator("Tenace")
    found = find_unicode_font(font_path)
    if found is not None:
        regular, bold = found
        pdf.add_font(_FAMILY, "", str(regular))
        pdf.add_font(_FAMILY, "B", str(bold if bold is not None else regular))
        family, fonts = _FAMILY, _Fonts(unicode=True)
    else:
        warnings.warn(
            "no Unicode TrueType font (DejaVu Sans) found: the PDF prints suits as the letters S, H, D, C; "
            "install fonts-dejavu-core or pass font_path",
            UserWarning,
            stacklevel=2,
        )
        family, fonts = "Helvetica", _Fonts(unicode=False)
    writer = _Writer(pdf, family, fonts)
    for number, page in enumerate(pages, start=1):
        pdf.add_page()
        writer.header(title, page, number, len(pages))
        for (x, y, w, h), board in zip(_slots(per_page), page, strict=False):
            writer.board(board, x, y, w, h, wide=per_page != 4)
    data = bytes(pdf.output())
    if path is not None:
        Path(path).write_bytes(data)
    return data


def _slots(per_page: int) -> list[tuple[float, float, float, float]]:
    """Where each board goes on the page: ``(x, y, width, height)`` in mm."""
    top = _MARGIN + _HEADER_H + 2
    usable_w = _PAGE_W - 2 * _MARGIN
    usable_h = _PAGE_H - _MARGIN - top
    if per_page == 4:
        w, h = (usable_w - _GAP) / 2, (usable_h - _GAP) / 2
        return [(_MARGIN + c * (w + _GAP), top + r * (h + _GAP), w, h) for r in range(2) for c in range(2)]
    h = (usable_h - _GAP * (per_page - 1)) / per_page
    return [(_MARGIN, top + r * (h + _GAP), usable_w, h) for r in range(per_page)]


class _Writer:
    """Draws onto one FPDF document."""

    def __init__(self, pdf: Any, family: str, fonts: _Fonts) -> None:
        self.pdf = pdf
        self.family = family
        self.fonts = fonts

    def text(self, s: str) -> str:
        return s if self.fonts.unicode else s.translate(_PLAIN)

    def font(self, size: float, bold: bool = False, color: tuple[int, int, int] = _BLACK) -> None:
        self.pdf.set_font(self.family, "B" if bold else "", size)
        self.pdf.set_text_color(*color)

    def put(self, x: float, y: float, s: str, w: float = 0, h: float = _LINE, align: str = "L") -> None:
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, self.text(s), align=align)

    def header(self, title: str, page: list[PrintedBoard], number: int, count: int) -> None:
        self.font(11, bold=True)
        self.put(_MARGIN, _MARGIN, title, w=120, h=6)
        self.font(9)
        right = f"Boards {page[0].number}\u2013{page[-1].number} \u00b7 page {number} of {count}"
        self.put(_PAGE_W - _MARGIN - 70, _MARGIN, right, w=70, h=6, align="R")
        self.pdf.set_draw_color(*_BLACK)
        self.pdf.set_line_width(0.4)
        self.pdf.line(_MARGIN, _MARGIN + 7, _PAGE_W - _MARGIN, _MARGIN + 7)

    def suit_symbol(self, letter: str, symbol: str) -> str:
        return symbol if self.fonts.unicode else letter

    def denomination(self, d: Denomination) -> str:
        return d.symbol if self.fonts.unicode or d is Denomination.NOTRUMP else d.value

    def board(self, b: PrintedBoard, x: float, y: float, w: float, h: float, *, wide: bool) -> None:
        """One board in the slot ``(x, y, w, h)``, scaled to fill it (at most 1.3 times the base size)."""
        from fpdf.drawing_primitives import Transform  # fpdf2 >= 2.5

        pdf = self.pdf
        pdf.set_draw_color(110, 110, 110)
        pdf.set_line_width(0.3)
        pdf.rect(x, y, w, h, style="D", round_corners=True, corner_radius=1.5)
        diagram_w = sum(_COL_W) + 4
        table_w = _DD_FIRST_W + len(b.dd_columns) * _DD_W
        analysis_h = (len(b.dd_rows) + 1) * _DD_H + 2 if b.has_table else 0.0
        if b.par_score is not None:
            analysis_h += (1 + len(b.par_contracts)) * _LINE
        if wide:
            need_w = 3 + diagram_w + 12 + table_w + 3
            need_h = 3 + max(_DIAGRAM_H, 2 + analysis_h) + 3
        else:
            need_w = 3 + diagram_w + 2
            need_h = 3 + _DIAGRAM_H + 3 + analysis_h + 3
        k = min(w / need_w, h / need_h, 1.3)
        # FPDF.transform exists from fpdf2 2.8.6; older versions draw at the base size, which fits every slot.
        scale = Transform.scaling(k).about(x, y)
        with pdf.transform(scale) if hasattr(pdf, "transform") else nullcontext():
            dx, dy = x + 3, y + 3
            bottom = self.diagram(b, dx, dy)
            if wide:
                ax, ay = dx + diagram_w + 12, dy + 2
            else:
                ax, ay = dx, bottom + 3
            self.analysis(b, ax, ay)

    def diagram(self, b: PrintedBoard, x: float, y: float) -> float:
        """Board information, the four hands and the compass; returns the bottom edge."""
        c1, c2, c3 = _COL_W
        col2 = x + c1 + 2
        col3 = col2 + c2 + 2
        # information, top left
        self.font(14, bold=True)
        self.put(x, y, f"Board {b.number}", h=6)
        self.font(9)
        self.put(x, y + 6.5, f"Dealer: {b.hands[b.dealer].name}")
        self.put(x, y + 6.5 + _LINE, "Vul: ")
        vul_color = _BLACK if b.vulnerability == "None" else _RED
        self.font(9, bold=vul_color == _RED, color=vul_color)
        self.put(x + self.pdf.get_string_width("Vul: ") + 0.3, y + 6.5 + _LINE, b.vulnerability)
        north_h = 4 * _LINE
        self.hand(b.hands[Seat.NORTH], col2, y, width=c2 + 2 + c3)
        box_y = y + max(north_h, 6.5 + 2 * _LINE) + 1.5
        box = c2
        side_y = box_y + (box - north_h) / 2
        self.hand(b.hands[Seat.WEST], x, side_y, width=c1 + 1)
        self.hand(b.hands[Seat.EAST], col3 + 1, side_y, width=c3 - 1)
        self.compass(b, col2, box_y, box)
        south_y = box_y + box + 1.5
        self.hand(b.hands[Seat.SOUTH], col2, south_y, width=c2 + 2 + c3)
        return south_y + north_h

    def hand(self, hand: PrintedHand, x: float, y: float, width: float = _COL_W[0]) -> None:
        """Four suit lines; a very long suit is set smaller so that it stays within ``width``."""
        for i, line in enumerate(hand.suits):
            self.font(10, color=_RED if line.red else _BLACK)
            self.put(x, y + i * _LINE, self.suit_symbol(line.letter, line.symbol), w=4)
            size = 10.0
            self.font(size)
            room = width - 4.2 - 2 * self.pdf.c_margin
            while size > 6 and self.pdf.get_string_width(self.text(line.cards)) > room:
                size -= 0.5
                self.font(size)
            self.put(x + 4.2, y + i * _LINE, line.cards)

    def compass(self, b: PrintedBoard, x: float, y: float, size: float) -> None:
        pdf = self.pdf
        pdf.set_fill_color(244, 244, 244)
        pdf.set_draw_color(*_BLACK)
        pdf.set_line_width(0.3)
        pdf.rect(x, y, size, size, style="DF")
        spots = {
            Seat.NORTH: (x, y + 0.5, size, "C"),
            Seat.SOUTH: (x, y + size - _LINE - 0.5, size, "C"),
            Seat.WEST: (x + 1, y + (size - _LINE) / 2, 5, "L"),
            Seat.EAST: (x + size - 6, y + (size - _LINE) / 2, 5, "R"),
        }
        for seat, (sx, sy, sw, align) in spots.items():
            hand = b.hands[seat]
            self.font(9, bold=True, color=_RED if hand.vulnerable else _BLACK)
            self.put(sx, sy, seat.value, w=sw, align=align)
            if seat is b.dealer:  # underline the dealer's letter
                width = self.pdf.get_string_width(seat.value)
                if align == "C":
                    ux = sx + (sw - width) / 2
                elif align == "L":
                    ux = sx + pdf.c_margin
                else:
                    ux = sx + sw - pdf.c_margin - width
                pdf.set_draw_color(*(_RED if hand.vulnerable else _BLACK))
                pdf.set_line_width(0.25)
                pdf.line(ux, sy + _LINE - 0.6, ux + width, sy + _LINE - 0.6)
        # high-card points, small and grey, just inside each seat's letter
        self.font(7, color=_GREY)
        mid = y + (size - 3.5) / 2
        for seat, (hx, hy, hw, align) in {
            Seat.NORTH: (x, y + _LINE, size, "C"),
            Seat.SOUTH: (x, y + size - _LINE - 3.5, size, "C"),
            Seat.WEST: (x + 5, mid, 6, "L"),
            Seat.EAST: (x + size - 11, mid, 6, "R"),
        }.items():
            self.put(hx, hy, str(b.hands[seat].hcp), w=hw, h=3.5, align=align)

    def analysis(self, b: PrintedBoard, x: float, y: float) -> None:
        pdf = self.pdf
        if b.has_table:
            pdf.set_draw_color(150, 150, 150)
            pdf.set_line_width(0.2)
            pdf.set_fill_color(235, 235, 235)
            self.font(9, bold=True)
            pdf.set_xy(x, y)
            pdf.cell(_DD_FIRST_W, _DD_H, "", border=1, fill=True)
            for d in b.dd_columns:
                self.font(9.5, bold=True, color=_RED if d in _RED_DENOMINATIONS else _BLACK)
                pdf.cell(_DD_W, _DD_H, self.denomination(d), border=1, align="C", fill=True)
            for r, (seat, row) in enumerate(b.dd_rows, start=1):
                pdf.set_xy(x, y + r * _DD_H)
                self.font(9, bold=True, color=_RED if b.hands[seat].vulnerable else _BLACK)
                pdf.cell(_DD_FIRST_W, _DD_H, seat.value, border=1, align="C", fill=True)
                self.font(9)
                for tricks in row:
                    pdf.cell(_DD_W, _DD_H, str(tricks), border=1, align="C")
            y += (len(b.dd_rows) + 1) * _DD_H + 2
        if b.par_score is not None:
            self.font(9, bold=True)
            self.put(x, y, "Par")
            self.font(9)
            self.put(x + 7, y, b.par_score)
            for i, line in enumerate(b.par_contracts, start=1):
                self.put(x, y + i * _LINE, line.text(self.denomination))
