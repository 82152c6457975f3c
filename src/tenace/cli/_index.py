"""Each ``tenace`` subcommand: (module, registering function, first paragraph of its help).

Written by ``python tools/cli_index.py``; do not edit.
"""

from __future__ import annotations

TYPE_CHECKING = False  # not typing's: tenace.cli._fast answers without importing typing
if TYPE_CHECKING:
    from typing import Final

COMMANDS: Final[dict[str, tuple[str, str, str]]] = {
    'score': ('scoring', 'register', (
        'Score a result under Law 77, e.g. [bold]tenace score 4SX -2 --by N --vul NS[/] or '
        '[bold]tenace score 3NTS 10 --board 7[/]. With no arguments, reads one result per line '
        'from standard input: CONTRACT [DECLARER] RESULT [VULNERABILITY].'
    )),
    'imps': ('scoring', 'register_teams', (
        'Convert a point difference to IMPs (Law 78B): [bold]tenace imps 470[/]. With two scores, '
        'the North-South scores of the open and closed rooms: [bold]tenace imps 620 -100[/].'
    )),
    'vp': ('scoring', 'register_teams', (
        'Victory points on the WBF 2013 continuous scale: [bold]tenace vp 23 --boards 28[/]. '
        '[bold]--table[/] prints the whole scale.'
    )),
    'deal': ('deal', 'register', (
        "Deal COUNT boards (Law 6: every deal equally likely, from the system's secure random "
        'source; dealer and vulnerability by Law 2), with double-dummy tables and par, as PBN on '
        'standard output or in [bold]--out[/]. [bold]--key-file[/] deals verifiably: a new key '
        'file prints the commitment to publish before play. [bold]--verify FILE[/] checks a set '
        'against the revealed key and the commitment: [bold]tenace deal --verify boards.pbn '
        '--key-file session.key --commitment HASH[/].'
    )),
    'pbn': ('pbn', 'register', (
        'Check and convert bridge files: PBN, LIN, Tenace JSON, Duplimate .dup.'
    )),
    'analyse': ('analyse', 'register', (
        'Solve every board with a full deal double dummy (all cores) and write its table and par '
        'into the PBN: OptimumResultTable, DoubleDummyTricks, OptimumScore and ParContract, '
        'replacing old ones. Writes to [bold]-o[/], back into the file with [bold]--in-place[/], '
        'else to standard output. Boards without a full deal are reported and left as they are. '
        '[bold]--json[/] prints the tables (and writes PBN only to -o or --in-place).'
    )),
    'records': ('records', 'register', (
        'Hand records for the boards of a file (PBN, LIN, JSON, .dup), e.g. [bold]tenace records '
        'FILE.pbn --pdf hands.pdf[/]. Double-dummy tables and par come from the file '
        '(OptimumResultTable, DoubleDummyTricks, OptimumScore, ParContract) when it has them, and '
        'are computed otherwise.'
    )),
    'rule': ('rule', 'register', (
        "The Director's assistant: replay a table's record ([bold]tenace rule table.json[/], a "
        'JSON table log, or a PBN/LIN file) through the Laws engine and show who decides what, '
        'with the options and their Laws, the constraints in force and the withdrawn calls; or the '
        'contract, tricks and score once the board has ended.'
    )),
    'table': ('table', 'register', (
        'Play one board in the terminal through the Laws engine: a fresh secure deal (or --pbn), '
        'the human at the --seat seats (default all four: Director/training mode) and a '
        '[bold]placeholder robot[/] elsewhere (it passes, plays its lowest lawful card, elects the '
        'first option, agrees to claims). Type help at the prompt for the commands.'
    )),
    'rescore': ('rescore', 'register', (
        "Re-score another program's results file with Tenace and report, line by line and pair by "
        'pair, where it agrees: USEBIO XML, PBN with ScoreTable/TotalScoreTable (Ruter), JFR Pary '
        'and BBO traveller pages. Exit 0: all agree or every difference is documented; 1: '
        'unexplained differences; 2: unreadable file.'
    )),
    'event': ('event', 'register', (
        'Run an event: create it, give it a movement, enter and correct results, adjusted scores '
        '(Law 12C), penalties (Law 90), appeals (Law 92), score it (Law 78) and publish the '
        'results.'
    )),
    'serve': ('serve', 'register', (
        'Run the online server: open [bold]http://HOST:PORT/[/] in a browser, start a table with '
        'three robots, play. Tables and their events are stored in the database (--db) before they '
        'are acknowledged, and every open table is rebuilt from it when the server starts again.'
    )),
    'user': ('users', 'register', (
        'Accounts of the online server: add users, grant or revoke roles, set passwords, disable.'
    )),
    'card': ('card', 'register', (
        'System cards (Laws 20F, 40, 75): show a card, check a record against it or a bidding '
        "system's rules, a system as a card, a system's call with a hand."
    )),
}
