"""Layer 1: PBN text to tokens (PBN 2.1 §2.3-§2.4, §3.2, §3.8)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tenace.formats.pbn.tokenize import Kind, Token, quote, tokenize


def toks(*lines: str) -> list[Token]:
    return list(tokenize(enumerate(lines, 1)))


def kinds(*lines: str) -> list[tuple[str, str]]:
    return [(t.kind.name, t.text) for t in toks(*lines)]


def test_a_tag_pair_is_four_tokens_with_line_and_column() -> None:
    tokens = toks('  [Event "Club"]')
    assert [(t.kind, t.text, t.lineno, t.column) for t in tokens] == [
        (Kind.LBRACKET, "[", 1, 2), (Kind.WORD, "Event", 1, 3), (Kind.STRING, "Club", 1, 9),
        (Kind.RBRACKET, "]", 1, 15)]


def test_brackets_and_quotes_delimit_without_spaces() -> None:
    assert kinds('[Event"x"][Site "y"]') == [
        ("LBRACKET", "["), ("WORD", "Event"), ("STRING", "x"), ("RBRACKET", "]"),
        ("LBRACKET", "["), ("WORD", "Site"), ("STRING", "y"), ("RBRACKET", "]")]


def test_string_escapes_are_quote_and_backslash_only() -> None:
    # \" is a quote, \\ a backslash; any other backslash stays, as in column specs like Rank\2R
    (_, _, string, _) = toks(r'[T "a\"b\\c\2R"]')
    assert string.text == 'a"b\\c\\2R'


def test_a_bracket_inside_a_string_does_not_end_the_tag() -> None:
    assert kinds('[Event "Random]"]')[2] == ("STRING", "Random]")


def test_semicolon_comment_runs_to_the_end_of_the_line() -> None:
    assert kinds('1S Pass ; a {note} here', "2S") == [
        ("WORD", "1S"), ("WORD", "Pass"), ("COMMENT", " a {note} here"), ("WORD", "2S")]


def test_brace_comment_on_one_line_and_across_lines() -> None:
    tokens = toks("1S {one} 2S {two", "", "% not an escape", "lines} 3S")
    assert [(t.kind.name, t.text, t.lineno) for t in tokens] == [
        ("WORD", "1S", 1), ("COMMENT", "one", 1), ("WORD", "2S", 1),
        ("COMMENT", "two\n\n% not an escape\nlines", 1), ("WORD", "3S", 4)]


def test_braces_do_not_nest_and_semicolons_inside_them_are_text() -> None:
    assert kinds("{ {a; b} c") == [("COMMENT", " {a; b"), ("WORD", "c")]


def test_percent_in_the_first_column_is_an_escape_line_elsewhere_it_is_text() -> None:
    assert kinds("% PBN 2.1", " 50%", "%EXPORT") == [
        ("ESCAPE", " PBN 2.1"), ("WORD", "50%"), ("ESCAPE", "EXPORT")]


def test_semi_empty_lines_are_breaks() -> None:
    assert [t.kind for t in toks("[A \"1\"]", " \t ", "", "[B \"2\"]")].count(Kind.BREAK) == 2


def test_unterminated_string_is_reported_and_recovered_up_to_the_closing_bracket() -> None:
    tokens = toks('[Note "2:La carte qui raconte...]', '[Next "x"]')
    problem = tokens[2]
    assert problem.kind is Kind.PROBLEM and problem.code == "string-unterminated" and problem.lineno == 1
    assert [(t.kind.name, t.text) for t in tokens[3:6]] == [
        ("STRING", "2:La carte qui raconte..."), ("RBRACKET", "]"), ("LBRACKET", "[")]


def test_unclosed_brace_comment_is_reported_at_its_start() -> None:
    tokens = toks("1S", "{ never", "closed")
    assert tokens[1].kind is Kind.PROBLEM and tokens[1].code == "comment-unterminated"
    assert tokens[1].lineno == 2 and tokens[2].text == " never\nclosed"


def test_line_too_long_and_tab_in_string_are_warnings() -> None:
    long_line = "{" + "x" * 300 + "}"
    tokens = toks(long_line, '[E "a\tb"]')
    problems = [t for t in tokens if t.kind is Kind.PROBLEM]
    assert [(p.code, p.lineno, p.warning) for p in problems] == [("line-too-long", 1, True),
                                                               ("character", 2, True)]


def test_quote_keeps_single_backslashes_that_escape_nothing() -> None:
    assert quote("Rank\\2R") == '"Rank\\2R"'
    assert quote('a"b') == '"a\\"b"'
    assert quote("end\\") == '"end\\\\"'


@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=60))
def test_quote_then_tokenize_gives_the_value_back(value: str) -> None:
    tokens = toks(f"[T {quote(value)}]")
    assert [t.kind for t in tokens if t.kind is not Kind.PROBLEM][2] is Kind.STRING
    assert next(t for t in tokens if t.kind is Kind.STRING).text == value
