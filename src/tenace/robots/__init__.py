"""Robots for empty seats (issue 5): a natural bidding system written as data, whose texts are the alerts and
explanations (Laws 20F, 40), and card play by sampling layouts consistent with the robot's own view and
solving them double dummy.

A robot only ever receives its own :class:`~tenace.laws.table.TableView`; see :class:`Robot`.
"""

from tenace.robots.bidding import Choice, Shown, choose_call, explain_call, shown
from tenace.robots.play import Memory, choose_card
from tenace.robots.robot import Robot
from tenace.robots.selfplay import play_board

__all__ = [
    "Choice", "Memory", "Robot", "Shown", "choose_call", "choose_card",
    "explain_call", "play_board", "shown",
]
