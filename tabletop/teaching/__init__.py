"""What the teaching notebooks use: exercises, scripted examples of play, refusals, pictures.

A notebook that teaches a game imports ``tabletop`` and this package, and nothing else.

>>> import tabletop
>>> from tabletop.teaching import Exercise, why_not
>>> s = tabletop.load("lascaux").new(seed=1, setup="random")
>>> ex = Exercise(s, "Keep your stones: pass.",
...               right=lambda before, action, after: str(action) == "pass",
...               why="Passing takes the pot and ends your bidding.",
...               explain=lambda before, action, after: "Paying costs you a stone.",
...               solution="pass", wrong=("pay", "choose purple"))
>>> print(ex.answer(""))
No answer yet: type your move between the quotes, as in .answer("pay").
>>> print(ex.answer("pay"))
Not this time: 'pay'. Paying costs you a stone.
>>> print(ex.answer("choose purple"))  # doctest: +ELLIPSIS
Not legal: 'choose purple' is no action in Lascaux: actions are 'choose blue' (...), pay and pass.
>>> print(ex.answer("pass"))
Right: 'pass'. Passing takes the pot and ends your bidding.
>>> print(why_not(s, "choose purple"))  # doctest: +ELLIPSIS
'choose purple' is no action in Lascaux: actions are 'choose blue' (the colours: ...), pay and pass
"""

from __future__ import annotations

from ..core.exports import package_dir
from .example import Example
from .exercise import Exercise, Verdict, moves, why_not
from .pictures import Pictures, side_by_side
from .tasks import AgentTask, Task
from .winrate import WinRate, games_needed, shrinking

__all__ = ["AgentTask", "Example", "Exercise", "Pictures", "Task", "Verdict", "WinRate",
           "games_needed", "moves", "shrinking", "side_by_side", "why_not"]
__dir__ = package_dir(globals())
